/** Paths of the peers the conformance tests run, resolved from the compiled test file. */
import { fileURLToPath } from 'node:url';

/** The TS peer built with this package. */
export const tsPeer = fileURLToPath(new URL('../../../tests/fixtures/conformance-peer.mjs', import.meta.url));
/** A peer that breaks two rules on purpose. */
export const nonconformantPeer = fileURLToPath(new URL('../../../tests/fixtures/nonconformant-peer.mjs', import.meta.url));
/** The Python example peer (standard library only). */
export const pythonPeer = fileURLToPath(new URL('../../../../../examples/python-peer/peer.py', import.meta.url));
/** The conformance CLI. */
export const conformanceCli = fileURLToPath(new URL('../../src/conformance/cli.js', import.meta.url));
/** A peer that checks the launch guard (argv: its variable prefix) and implements no test methods. */
export const guardedCorePeer = fileURLToPath(new URL('../../../tests/fixtures/guarded-core-peer.mjs', import.meta.url));
/** A peer written from the contract that answers `activate` with `{}` (any result means ready). */
export const lenientPeer = fileURLToPath(new URL('../../../tests/fixtures/lenient-peer.mjs', import.meta.url));
