import { createRequire } from 'node:module';

type Crypto = typeof import('node:crypto');
type OneShot = (algorithm: string, data: string | Uint8Array, encoding: 'hex' | 'buffer') => string | Uint8Array;

let crypto: Crypto | undefined;
let oneShot: OneShot | undefined;

/**
 * SHA-256 of the UTF-8 bytes of `text` (or of the bytes given). node:crypto loads on the first call, not with the module (a host's
 * --help path imports this package), and Node's one-shot `crypto.hash` (20.12 and later: the same digest
 * without a Hash object per call) is used where it exists. Typed by hand: not every @types/node declares it.
 */
export function sha256(text: string | Uint8Array, encoding: 'hex'): string;
export function sha256(text: string | Uint8Array, encoding: 'buffer'): Uint8Array;
export function sha256(text: string | Uint8Array, encoding: 'hex' | 'buffer'): string | Uint8Array {
  if (!crypto) {
    crypto = createRequire(import.meta.url)('node:crypto') as Crypto;
    const hash = (crypto as { hash?: unknown }).hash;
    oneShot = typeof hash === 'function' ? (hash as OneShot) : undefined;
  }
  if (oneShot) return oneShot('sha256', text, encoding);
  const hash = crypto.createHash('sha256').update(text) as unknown as { digest(): Uint8Array; digest(encoding: 'hex'): string };
  return encoding === 'hex' ? hash.digest('hex') : hash.digest();
}
