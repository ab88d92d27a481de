import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Where a program is on `PATH`, or undefined. */
function onPath(program: string, pathEnv: string | undefined): string | undefined {
  for (const dir of (pathEnv ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, program);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** The command that opens a URL in the user's browser here: `$BROWSER`, else `open` (macOS), `cmd /c start` (Windows), `xdg-open` (elsewhere, when installed). */
function browserCommand(env: NodeJS.ProcessEnv): { command: string; args: string[] } | undefined {
  const chosen = env['BROWSER']?.trim();
  if (chosen) return { command: chosen, args: [] };
  if (process.platform === 'darwin') return { command: 'open', args: [] };
  if (process.platform === 'win32') return { command: 'cmd', args: ['/c', 'start', '""'] };
  const xdg = onPath('xdg-open', env['PATH']);
  return xdg ? { command: xdg, args: [] } : undefined;
}

/**
 * Starts the user's browser on `url` (detached, output ignored) where one can be found; resolves whether it
 * was started. Never throws and never waits for the browser: a machine without one (a server, CI) is fine.
 */
export function openBrowser(url: string, env: NodeJS.ProcessEnv): Promise<boolean> {
  const how = browserCommand(env);
  if (!how) return Promise.resolve(false);
  return new Promise((resolve) => {
    try {
      const child = spawn(how.command, [...how.args, url], { detached: true, stdio: 'ignore', env, shell: false });
      child.once('error', () => resolve(false));
      child.once('spawn', () => {
        child.unref();
        resolve(true);
      });
    } catch {
      resolve(false);
    }
  });
}
