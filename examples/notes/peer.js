// A peer is a long-lived process speaking JSON-RPC over its stdin/stdout (docs/protocol.md). This one keeps
// notes in its private storage and offers two actions. Try: outboard actions run notes.add --args '{"text":"hi"}'
import { Connection, StdioTransport, servePeerHandshake, ResponseError } from '@outboard/protocol';

// Started by hand? Say what this is instead of waiting for a handshake on the terminal.
if (!Object.keys(process.env).some((k) => k.endsWith('_PEER_PROTOCOL')) && process.stdin.isTTY) {
  process.stderr.write('This is an Outboard peer: Outboard starts it. Try `outboard actions run notes.list`.\n');
  process.exit(2);
}

const host = new Connection({ transport: new StdioTransport(), name: 'host' });
let grants = [];

servePeerHandshake(host, {
  name: 'notes',
  version: '1.0.0',
  contributes: { actions: ['notes.add', 'notes.list'], status: ['notes.count'], providers: ['notes.search'], views: ['notes.recent'] },
  capabilities: { required: ['ui.action.contribute', 'storage.private'], optional: ['ui.notification', 'ui.status.contribute'] },
  onActivate: (session) => {
    grants = session.grants;
  },
});

async function loadNotes() {
  const { found, value } = await host.request('storage/get', { scope: 'private', key: 'notes' });
  return found ? value : [];
}

async function showCount(notes) {
  if (grants.includes('ui.status.contribute')) await host.request('status/set', { id: 'notes.count', text: `${notes.length} notes`, severity: 'info' });
}

host.onRequest('actions/invoke', async ({ id, args }) => {
  const notes = await loadNotes();
  if (id === 'notes.add') {
    if (typeof args?.text !== 'string' || !args.text.trim()) throw new ResponseError('invalid_params', 'notes.add needs {"text": "..."}');
    notes.push({ text: args.text.trim(), at: new Date().toISOString() });
    await host.request('storage/set', { scope: 'private', key: 'notes', value: notes });
    await showCount(notes);
    // Pages showing the recent notes render them again.
    host.notify('views/changed', { id: 'notes.recent' });
    return { notifications: [{ severity: 'ok', message: `Noted (${notes.length} in all).` }] };
  }
  if (id === 'notes.list') {
    await showCount(notes);
    return { view: { type: 'table', columns: ['#', 'note', 'added'], rows: notes.map((n, i) => [String(i + 1), n.text, n.at]) } };
  }
  throw new ResponseError('not_found', `no action ${id}`);
});

// `outboard search <text>` asks every search provider; this one answers with the notes that contain the text.
host.onRequest('providers/query', async ({ id, query, limit }) => {
  if (id !== 'notes.search') throw new ResponseError('not_found', `no provider ${id}`);
  const needle = String(query ?? '').toLowerCase();
  const hits = (await loadNotes()).filter((n) => n.text.toLowerCase().includes(needle));
  return { items: hits.slice(0, limit).map((n) => ({ title: n.text, detail: `added ${n.at}`, actionId: 'notes.list' })), truncated: hits.length > limit };
});

// `outboard views show notes.recent` and the hub's home ask for the view: the five latest notes, newest first.
host.onRequest('views/render', async ({ id }) => {
  if (id !== 'notes.recent') throw new ResponseError('not_found', `no view ${id}`);
  const recent = (await loadNotes()).slice(-5).reverse();
  if (recent.length === 0) return { type: 'markdown', markdown: 'No notes yet. Add one: `outboard actions run notes.add --args \'{"text":"hi"}\'`' };
  return { type: 'table', columns: ['note', 'added'], rows: recent.map((n) => [n.text, n.at]) };
});

host.onClose(() => process.exit(0));
host.listen();
