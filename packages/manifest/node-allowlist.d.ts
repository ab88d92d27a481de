// The only Node APIs the manifest package's code may use, declared as narrowly as it uses them, for
// tsconfig.core.json ("types": [], no Node globals): POSIX path normalisation and SHA-256. Any other Node
// module or global (process, Buffer, fs...) fails the build there. Widen this file only on purpose.
declare module 'node:path' {
  export const posix: { normalize(path: string): string };
}
declare module 'node:module' {
  export function createRequire(url: string): (id: string) => unknown;
}
declare module 'node:crypto' {
  interface Hash {
    update(data: string | Uint8Array): Hash;
    digest(encoding: 'hex'): string;
  }
  export function createHash(algorithm: 'sha256'): Hash;
}
interface ImportMeta {
  readonly url: string;
}
