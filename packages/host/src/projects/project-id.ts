/** A project id: a lowercase slug of 1 to 63 characters, starting with a letter or digit. */
export const PROJECT_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,62}$/;

/** Ids no project may take: `x` would collide with the hub's `/x/<extension>/` mount. */
export const RESERVED_PROJECT_IDS: readonly string[] = Object.freeze(['x']);

const MAX_LENGTH = 63;

/** The problem with `id` as one line (naming the rule and an example), or `undefined` when it is a valid, unreserved id. */
export function projectIdProblem(id: unknown): string | undefined {
  if (typeof id !== 'string' || !PROJECT_ID_PATTERN.test(id)) {
    return `a project id is a lowercase slug of 1 to 63 letters, digits and hyphens starting with a letter or digit (e.g. "web-app"), got ${JSON.stringify(id)}`;
  }
  if (RESERVED_PROJECT_IDS.includes(id)) return `the project id ${JSON.stringify(id)} is reserved; choose another, e.g. "${id}-project"`;
  return undefined;
}

/** The slug a folder name suggests: accents dropped, lowercase, other runs of characters turned into `-`; `project` when nothing is left. */
export function projectIdFromFolderName(folderName: string): string {
  const slug = folderName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, MAX_LENGTH)
    .replace(/-+$/, '');
  return slug === '' ? 'project' : slug;
}

/**
 * `base` when free (not in `taken`, not reserved), else `base-2`, `base-3`, … (the base shortened so the
 * result stays within 63 characters). `base` must match `PROJECT_ID_PATTERN`.
 */
export function uniqueProjectId(base: string, taken: ReadonlySet<string>): string {
  const free = (id: string): boolean => !taken.has(id) && !RESERVED_PROJECT_IDS.includes(id);
  if (free(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, MAX_LENGTH - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (free(candidate)) return candidate;
  }
}
