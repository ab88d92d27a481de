import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { HostIdentityOptions } from '@outboard/host';

/**
 * The CLI's version as the bundles carry it: scripts/bundle-cli.mjs writes this package's version in at build,
 * which saves every start of the bin a file read (about a millisecond). Undeclared where nothing defines it
 * (the unbundled CLI, tests): `typeof` then says so, and package.json is read.
 */
declare const OUTBOARD_CLI_VERSION: string | undefined;

/** The reference host's identity: the `outboard` CLI, versioned as this package. */
export function outboardIdentity(): HostIdentityOptions {
  const version = typeof OUTBOARD_CLI_VERSION === 'string' ? OUTBOARD_CLI_VERSION : (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  return {
    id: 'outboard',
    displayName: 'Outboard',
    version,
    binPath: fileURLToPath(new URL('./main.js', import.meta.url)),
    legacyHome: undefined,
  };
}
