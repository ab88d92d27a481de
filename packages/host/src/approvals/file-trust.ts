import { statSync } from 'node:fs';
import type { Stats } from 'node:fs';

/**
 * Why a file (or folder) of the home cannot be trusted with consent, as ssh refuses a key file others can
 * write: it is writable by group or others, or owned by another user. Undefined when it is fine or absent.
 */
export function untrustedBecause(path: string): string | undefined {
  let stat: Stats | undefined;
  try {
    stat = statSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
  return stat ? untrustedStat(stat) : undefined;
}

/** {@link untrustedBecause} for a stat already taken. */
export function untrustedStat(stat: Stats): string | undefined {
  const mode = `mode ${(stat.mode & 0o777).toString(8).padStart(3, '0')}`;
  if (stat.mode & 0o002) return `it is writable by every user (${mode})`;
  if (stat.mode & 0o020) return `it is writable by its group (${mode})`;
  const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;
  if (uid !== undefined && uid !== 0 && stat.uid !== uid) return `it is owned by another user (uid ${stat.uid})`;
  return undefined;
}

/** A permission problem of one home file, in the shape discovery diagnostics use. */
export interface TrustProblem {
  path: string;
  rule: string;
  message: string;
  fix: string;
}

/**
 * Permission problems of the home folder and the files that hold consent and config: each is reported
 * (doctor shows them); an untrusted approvals.json is also not believed (see ApprovalStore).
 */
export function homeTrustProblems(home: string, files: { approvals: string; config: string }): TrustProblem[] {
  const problems: TrustProblem[] = [];
  const check = (path: string, rule: string, consequence: string) => {
    const why = untrustedBecause(path);
    if (why) problems.push({ path, rule, message: `${why}: another user could change it${consequence}`, fix: `chmod go-w ${path}` });
  };
  check(home, 'home.permissions', ' and every file in it (approvals, config)');
  check(files.approvals, 'approvals.permissions', '; until fixed, no approval in it is trusted');
  check(files.config, 'config.permissions', ' (dev paths, extension config)');
  return problems;
}
