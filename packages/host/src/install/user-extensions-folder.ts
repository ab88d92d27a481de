import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../store/index.js';

/** The npm project under `<home>/extensions` that holds user-source extensions. */
export class UserExtensionsFolder {
  readonly dir: string;
  readonly packageJsonPath: string;
  readonly lockPath: string;

  constructor(home: string, private readonly hostId: string) {
    this.dir = join(home, 'extensions');
    this.packageJsonPath = join(this.dir, 'package.json');
    this.lockPath = join(this.dir, 'package-lock.json');
  }

  /** Creates the folder and its package.json when missing, so npm never walks up into another project. */
  ensure(): void {
    mkdirSync(this.dir, { recursive: true });
    if (!existsSync(this.packageJsonPath)) {
      writeFileAtomic(
        this.packageJsonPath,
        `${JSON.stringify({ name: `${this.hostId}-user-extensions`, private: true, description: `Extensions installed with \`${this.hostId} extensions add\`; managed by ${this.hostId}.`, dependencies: {} }, null, 2)}\n`,
      );
    }
  }

  /** The dependency map of the folder's package.json. */
  dependencies(): Record<string, string> {
    try {
      const pkg = JSON.parse(readFileSync(this.packageJsonPath, 'utf8')) as { dependencies?: Record<string, string> };
      return { ...(pkg.dependencies ?? {}) };
    } catch {
      return {};
    }
  }

  /** A copy of package.json and package-lock.json to put back if an install has to be undone. */
  backup(): () => void {
    const saved = [this.packageJsonPath, this.lockPath].map((path) => ({ path, content: existsSync(path) ? readFileSync(path) : undefined }));
    return () => {
      for (const { path, content } of saved) {
        if (content === undefined) rmSync(path, { force: true });
        else writeFileSync(path, content);
      }
    };
  }

  /** The folder an installed package lives in. */
  packageDir(packageName: string): string {
    return join(this.dir, 'node_modules', packageName);
  }
}
