import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Writes `count` valid extensions (one command each) into `<home>/extensions/node_modules`. */
export function writeUserExtensions(home: string, count: number, hostId = 'outboard'): string[] {
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const name = `bench-ext-${i}`;
    const dir = join(home, 'extensions', 'node_modules', name);
    mkdirSync(join(dir, 'bin'), { recursive: true });
    writeFileSync(join(dir, 'bin', 'cli.js'), 'process.exit(0);\n');
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({
        name,
        version: '1.0.0',
        engines: { [hostId]: '>=0.1.0' },
        [hostId]: { extension: { apiVersion: 1, name, description: `Benchmark extension ${i}`, commands: [{ name, bin: 'bin/cli.js', summary: `Command ${i}` }] } },
      }),
    );
    names.push(name);
  }
  return names;
}
