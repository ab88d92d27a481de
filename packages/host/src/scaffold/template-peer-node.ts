import type { ScaffoldFile, ScaffoldOptions } from './scaffold-types.js';
import { SDK_PACKAGE } from './platform-packages.js';
import { peerTestFile } from './template-peer-test.js';

/**
 * A Node peer on `runPeer` of `@outboard/sdk` (docs/sdk.md): the SDK answers the handshake from the manifest
 * in package.json and serves the wire; the peer registers its one action.
 */
export function nodePeerFiles(o: ScaffoldOptions): ScaffoldFile[] {
  return [
    {
      path: 'peer.js',
      content: `// A peer is a long-lived process the host starts on the first \`${o.hostId} actions run ${o.name}.hello\` and stops
// when idle or when the host stops. runPeer (docs/sdk.md) answers the handshake with the manifest of this
// package.json, serves the wire (cancellation, progress, limits) and sends console.* to stderr, the peer's log.
import { runPeer } from '${SDK_PACKAGE}';

runPeer({
  activate(api) {
    // Every action registered here is declared in contributes.actions of package.json.
    api.actions.register('${o.name}.hello', (args) => {
      const who = typeof args?.name === 'string' ? args.name : 'world';
      return { view: { type: 'text', text: \`Hello, \${who}!\` } };
    });
  },
});
`,
    },
    peerTestFile(o, ['process.execPath', "'peer.js'"]),
  ];
}
