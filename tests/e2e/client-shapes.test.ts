// @outboard/client may not import the host (it is what other programs install), so it mirrors the host's answers
// in its own types (packages/client/src/hub-methods.ts). Here the two cannot drift: at compile time (tsc builds
// this file) the client's entries have exactly the host's fields with the host's types, and at run time the
// keys of a real hub's answers are exactly the keys the client's types list.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { DeclaredAction, ExtensionListEntry } from '@outboard/host';
import type { ActionEntry, ExtensionEntry, HostInfo } from '@outboard/client';
import { useClientHub } from './lib/client-hub.js';

/** True when A and B are the same type (each field, its optionality and its type), else false. */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/** T with its readonly arrays as plain ones (what JSON.parse hands a client). */
type AsParsed<T> = { [K in keyof T]: T[K] extends ReadonlyArray<infer E> ? E[] : T[K] };

// Compile-time: a drift makes one of these `false`, which `true` cannot be assigned to, and the build fails.
const listEntryMirrored: Equal<ExtensionEntry, ExtensionListEntry> = true;
const actionEntryMirrored: Equal<ActionEntry, AsParsed<DeclaredAction>> = true;

/** Every key of the client's types, checked by tsc against the types both ways (no key missing, none extra). */
const EXTENSION_ENTRY_KEYS = Object.keys({
  name: true,
  packageName: true,
  version: true,
  source: true,
  state: true,
  reason: true,
  fix: true,
  path: true,
  codePinned: true,
  policy: true,
} satisfies Record<keyof ExtensionEntry, true>).sort();
const ACTION_ENTRY_KEYS = Object.keys({ id: true, title: true, extension: true, targets: true } satisfies Record<keyof ActionEntry, true>).sort();
const HOST_INFO_KEYS = Object.keys({ id: true, version: true, home: true, wireVersion: true, lastSeq: true, pid: true, instanceId: true } satisfies Record<keyof HostInfo, true>).sort();

describe('the client types mirror the host answers', { timeout: 120_000 }, () => {
  const s = useClientHub();

  it('compiles only while the client and host entries agree', () => {
    assert.equal(listEntryMirrored, true);
    assert.equal(actionEntryMirrored, true);
  });

  it('extensions.list of a real hub: each entry has exactly the keys ExtensionEntry lists', async () => {
    const { extensions } = await s.hub.rpc('extensions.list', {});
    assert.ok(extensions.length > 0, 'the home has the fixture extension');
    for (const entry of extensions) assert.deepEqual(Object.keys(entry).sort(), EXTENSION_ENTRY_KEYS, entry.name);
    assert.deepEqual(await s.hub.extensions.list(), extensions);
  });

  it('actions.list and host.info of a real hub: exactly the keys ActionEntry and HostInfo list', async () => {
    const actions = await s.hub.rpc('actions.list', {});
    assert.ok(actions.length > 0, 'the fixture extension declares actions');
    for (const action of actions) assert.deepEqual(Object.keys(action).sort(), ACTION_ENTRY_KEYS, action.id);
    assert.deepEqual(Object.keys(await s.hub.rpc('host.info', {})).sort(), HOST_INFO_KEYS);
  });
});
