/** One line of `extensions doctor --json`. */
export interface DoctorProblem {
  /** The extension concerned, or null for a problem found outside any extension. */
  extension: string | null;
  /** The npm package (DESIGN §2: what the user installed, e.g. `@acme/bad-pkg`), or null outside any package. */
  packageName: string | null;
  /** The package's folder, where the fix is made, or null outside any package. */
  folder: string | null;
  path: string;
  rule: string;
  message: string;
  fix: string;
}

/** What a problem says, apart from whose it is. */
export type DoctorFinding = Pick<DoctorProblem, 'path' | 'rule' | 'message' | 'fix'>;

/** A problem of one extension's package: named by its extension, its package and its folder. */
export function packageProblem(ext: { readonly key: string; readonly packageName: string; readonly dir: string }, finding: DoctorFinding): DoctorProblem {
  return { extension: ext.key, packageName: ext.packageName, folder: ext.dir, ...finding };
}

/** A problem found outside any package (a config file, an unreadable folder). */
export function hostProblem(finding: DoctorFinding): DoctorProblem {
  return { extension: null, packageName: null, folder: null, ...finding };
}
