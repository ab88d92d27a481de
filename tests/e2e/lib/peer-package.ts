// The one writer of a peer extension package for the end-to-end tests: a package.json whose extension block
// declares a peer (run with `exec`), what it contributes and the capabilities it asks for, plus its files.
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT, writeFiles } from './fixture-home.js';

/** The host package's fixture peers (fixture-peer.mjs, activate-calls-*.mjs...). */
export const HOST_FIXTURE_PEERS = join(REPO_ROOT, 'packages', 'host', 'tests', 'fixtures', 'peers');
/** The fixture peer most tests run: it serves `<name>.hello`, `.slow`, `.call` and writes its marks. */
export const FIXTURE_PEER = join(HOST_FIXTURE_PEERS, 'fixture-peer.mjs');
/** What the fixture peers import the protocol from (`FIXTURE_PROTOCOL_URL`): this checkout's built package. */
export const PROTOCOL_URL = pathToFileURL(join(REPO_ROOT, 'packages', 'protocol', 'dist', 'src', 'index.js')).href;

/** The extension block of a {@link writePeerPackage} package. */
export interface PeerPackage {
  /** The extension's name; the package is `outboard-ext-<name>` unless `packageName` says otherwise, version 1.0.0, engines `*`. */
  name: string;
  /** The package's name. Default: `outboard-ext-<name>`. */
  packageName?: string;
  /** The peer's argv. Default: `['node', './peer.mjs']`; unused when `bin` is given. */
  exec?: string[];
  /** The peer as a `bin` (a file of the package run with the host's own Node) instead of `exec`. */
  bin?: string;
  /** The peer's activation events. Default: none written (the host's default). */
  activation?: string[];
  /** `contributes` as written. */
  contributes: Record<string, unknown>;
  /** Default: `ui.action.contribute` required, nothing optional. */
  capabilities?: { required: string[]; optional: string[] };
  /** Further fields of the extension block (a `sidecar`...), written after the peer. */
  block?: Record<string, unknown>;
}

/** The folder of package `outboard-ext-<name>` in the user source of `home` (where `extensions add` puts it). */
export function userPackageDir(home: string, name: string): string {
  return join(home, 'extensions', 'node_modules', `outboard-ext-${name}`);
}

/**
 * Writes the package in `dir`: its package.json and `files` (relative path → content; objects as JSON), and
 * copies `peerFrom`, when given, to `peer.mjs`. Returns `dir`.
 */
export function writePeerPackage(dir: string, p: PeerPackage, options: { files?: Record<string, string | object>; peerFrom?: string } = {}): string {
  writeFiles(dir, {
    'package.json': {
      name: p.packageName ?? `outboard-ext-${p.name}`,
      version: '1.0.0',
      engines: { outboard: '*' },
      outboard: {
        extension: {
          apiVersion: 1,
          name: p.name,
          peer: { ...(p.bin !== undefined ? { bin: p.bin } : { exec: p.exec ?? ['node', './peer.mjs'] }), ...(p.activation ? { activation: p.activation } : {}) },
          ...p.block,
          contributes: p.contributes,
          capabilities: p.capabilities ?? { required: ['ui.action.contribute'], optional: [] },
        },
      },
    },
    ...options.files,
  });
  if (options.peerFrom !== undefined) copyFileSync(options.peerFrom, join(dir, 'peer.mjs'));
  return dir;
}
