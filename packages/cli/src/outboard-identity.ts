import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { HostIdentityOptions } from '@outboard/host';

/** The reference host's identity: the `outboard` CLI, versioned as this package. */
export function outboardIdentity(): HostIdentityOptions {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return {
    id: 'outboard',
    displayName: 'Outboard',
    version: pkg.version,
    binPath: fileURLToPath(new URL('./main.js', import.meta.url)),
    legacyHome: undefined,
  };
}
