/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The hub's pages in a real browser: sign-in, every extension with its state, approval with a sensitive
// capability confirmed, an action run from its Run form, live updates without reload (a crashed peer, an
// enable from the CLI), the Running page's figures, and an accessibility pass on every page.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { axeViolations, launchBrowser, screenshot, startBrowserHub, type BrowserHub } from './browser-hub.js';

const EXAMPLES = ['dashboard', 'git-status', 'hello', 'notes', 'python-example', 'vault'];

/** The text of an extension's card on the home page ('' when it has none). */
function cardText(page: Page, name: string): Promise<string> {
  return page.evaluate((n) => document.querySelector(`li.card[data-extension="${n}"]`)?.textContent ?? '', name);
}

/** The state badges of an extension's card, one per line. */
function badges(page: Page, name: string): Promise<string> {
  return page.evaluate((n) => [...document.querySelectorAll(`li.card[data-extension="${n}"] .state`)].map((b) => b.textContent).join('\n'), name);
}

/** Polls `read` until `ok` holds or `ms` pass; answers the last value and how long it took. */
async function waitFor<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms: number): Promise<{ value: T; elapsed: number }> {
  const start = Date.now();
  let value = await read();
  while (!ok(value) && Date.now() - start < ms) {
    await new Promise((r) => setTimeout(r, 25));
    value = await read();
  }
  return { value, elapsed: Date.now() - start };
}

describe('the hub pages in a browser', { timeout: 420_000 }, () => {
  let hub: BrowserHub & { cleanup(): void };
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;

  before(async () => {
    hub = await startBrowserHub();
    browser = await launchBrowser();
    page = await browser.context.newPage();
  });
  after(async () => {
    await browser?.close();
    await hub?.stop();
    hub?.cleanup();
  });

  it('signs in with the printed link, then shows every example with its state', async () => {
    await page.goto(hub.signIn);
    assert.equal(new URL(page.url()).search, '', 'the code left the address bar');
    assert.equal(await page.locator('h1').first().textContent(), 'Extensions');
    for (const name of EXAMPLES.filter((n) => n !== 'hello')) assert.match(await cardText(page, name), /\S/, `a card for ${name}`);
    assert.match(await cardText(page, 'notes'), /enabled/);
    assert.match(await cardText(page, 'python-example'), /unapproved: not approved yet/);
    assert.match(await cardText(page, 'vault'), /unapproved/);
    // Disabled ones are in a collapsed group with an Enable control.
    assert.equal(await page.locator('#disabled-group').getAttribute('open'), null);
    await page.locator('#disabled-group summary').click();
    assert.match(await cardText(page, 'hello'), /disabled/);
    assert.equal(await page.locator('li.card[data-extension="hello"] button', { hasText: 'Enable hello' }).count(), 1);
    await screenshot(page, 'home');
  });

  it('approves an extension from the browser with its sensitive capability confirmed, then runs its action from the Run form', async () => {
    await page.goto(`${hub.url}extensions/vault`);
    const approve = page.locator('#approve');
    const text = (await approve.textContent()) ?? '';
    // What the terminal prompt shows: package, version, source, real path, runnables, capabilities.
    for (const shown of ['outboard-fixture-vault@1.0.0', 'dev', 'Real path', 'Peer', 'vault.open', 'rpc.call', 'Sensitive:']) assert.ok(text.includes(shown), `the approval shows ${shown}`);
    // The server refuses an approval whose sensitive capability was not confirmed, whatever the page did.
    const refused = await page.evaluate(async () => {
      const form = document.querySelector('#approve form') as HTMLFormElement;
      const body = new URLSearchParams(new FormData(form) as unknown as Record<string, string>);
      body.delete('confirm');
      const res = await fetch(form.action, { method: 'POST', body, headers: { accept: 'application/x-ndjson' } });
      return JSON.parse((await res.text()).trim()) as { ok: boolean; error: string; code: string };
    });
    assert.equal(refused.ok, false);
    assert.equal(refused.code, 'HUB_APPROVAL_REFUSED');
    assert.match(refused.error, /requires the sensitive capability rpc\.call, which you did not confirm/);
    await approve.getByLabel(/grant rpc\.call/).check();
    await approve.getByRole('button', { name: 'Approve and enable vault' }).click();
    await page
      .waitForFunction(() => /enabled/.test(document.querySelector('#ext-state')?.textContent ?? '') && !document.querySelector('#approve'), undefined, { timeout: 10_000 })
      .catch(async (error: Error) => assert.fail(`${error.message}; the approval said: ${await page.locator('#approve [data-result]').textContent().catch(() => '(gone)')}`));
    const form = page.locator('form[data-action="vault.open"]');
    await form.getByLabel(/label/).fill('the <b>box</b>');
    await form.getByLabel(/times/).fill('3');
    await form.getByRole('button', { name: 'Run' }).click();
    const result = form.locator('[data-result]');
    await result.locator('h3', { hasText: 'Opened' }).waitFor({ timeout: 20_000 });
    assert.equal(await result.locator('strong').first().textContent(), 'the <b>box</b>', 'markdown bold, its HTML shown as text');
    const html = (await result.innerHTML()) ?? '';
    assert.doesNotMatch(html, /<script|href="javascript:/);
    assert.match(html, /x3/);
    await screenshot(page, 'extension-run');
  });

  it('shows a peer killed from outside as crashed, then restarting, without a reload', async () => {
    await hub.rpc('actions.invoke', { id: 'notes.list' });
    const pid = (await hub.rpc<Array<{ extension: string; kind: string; pid?: number }>>('processes.list')).find((p) => p.extension === 'notes' && p.kind === 'peer')?.pid;
    assert.ok(pid, 'the notes peer runs');
    await page.goto(hub.url);
    await page.evaluate(() => {
      const seen: string[] = ((globalThis as unknown as { seen: string[] }).seen = []);
      const record = (): void => {
        const text = document.querySelector('li.card[data-extension="notes"] .row')?.textContent ?? '';
        if (seen[seen.length - 1] !== text) seen.push(text);
      };
      new MutationObserver(record).observe(document.body, { childList: true, subtree: true });
      record();
    });
    const navigations: string[] = [];
    page.on('framenavigated', (f) => navigations.push(f.url()));
    process.kill(pid, 'SIGKILL');
    const { value } = await waitFor(() => page.evaluate(() => (globalThis as unknown as { seen: string[] }).seen), (seen) => seen.some((s) => /crashed, restarting/.test(s)) && /peer ready/.test(seen[seen.length - 1] ?? ''), 15_000);
    assert.ok(value.some((s) => /crashed, restarting/.test(s)), `crashed and restarting shown: ${JSON.stringify(value)}`);
    assert.match(value[value.length - 1] ?? '', /peer ready/, `ready again: ${JSON.stringify(value)}`);
    assert.deepEqual(navigations, [], 'no reload');
    await screenshot(page, 'home-after-crash');
  });

  it('shows an extension enabled from the CLI within 1 s, without a reload', async () => {
    await page.goto(hub.url);
    assert.match(await badges(page, 'hello'), /^disabled$/m);
    const r = hub.cli(['extensions', 'enable', 'hello']);
    assert.equal(r.code, 0, r.stderr);
    const { value, elapsed } = await waitFor(() => badges(page, 'hello'), (t) => /^enabled$/m.test(t), 5_000);
    assert.match(value, /^enabled$/m);
    assert.ok(elapsed <= 1000, `shown ${elapsed} ms after the CLI returned`);
    await screenshot(page, 'home-enabled-from-cli');
  });

  it('the Running page lists the peers with CPU and memory figures that change', async () => {
    await page.goto(`${hub.url}running`);
    const figures = (): Promise<string> => page.evaluate(() => [...document.querySelectorAll('#processes tbody tr')].map((tr) => [...tr.querySelectorAll('td')].slice(6, 8).map((td) => td.textContent).join(' ')).join('|'));
    const first = await figures();
    assert.match(first, /\d+\.\d \d+(\.\d)? (MB|kB)/, `CPU and memory shown: ${first}`);
    assert.ok((await page.locator('#processes tbody tr[data-extension="notes"]').count()) >= 1);
    // Work for the notes peer, so its figures move.
    for (let i = 0; i < 20; i++) await hub.rpc('actions.invoke', { id: 'notes.add', args: { text: `note ${i} ${'x'.repeat(2000)}` } });
    const { value } = await waitFor(figures, (now) => now !== first, 10_000);
    assert.notEqual(value, first, 'the figures changed without a reload');
    // Sortable: the memory column sorts rows by their figure.
    await page.getByRole('button', { name: 'Memory' }).click();
    assert.equal(await page.locator('#processes th[aria-sort="ascending"]').count(), 1);
    await screenshot(page, 'running');
  });

  it('renders a peer view on its extension page and a sidecar view, from its own origin, on the project page', async () => {
    await page.goto(`${hub.url}extensions/notes`);
    const peerView = page.locator('#views article[data-view="notes.recent"]');
    assert.equal(await peerView.count(), 1, 'the notes peer view is on its page');
    assert.doesNotMatch((await peerView.textContent()) ?? '', /Not shown/, 'its peer rendered it');
    await page.goto(`${hub.url}projects/proj`);
    const frame = page.locator('#views article[data-view="dashboard.project"] iframe');
    assert.equal(await frame.count(), 1, 'the dashboard sidecar view is on the project page');
    const src = new URL((await frame.getAttribute('src')) ?? '');
    assert.equal(src.hostname, 'dashboard.localhost', 'served from the extension\'s own origin');
    assert.equal(src.searchParams.get('id'), 'proj', '{projectId} filled in');
    assert.equal(await frame.getAttribute('sandbox'), 'allow-scripts allow-forms');
    await screenshot(page, 'views');
  });

  it('has no WCAG A or AA violation on any page (axe-core), in light and dark', async () => {
    const paths = ['', 'running', 'automations', 'projects/proj', ...EXAMPLES.map((n) => `extensions/${n}`)];
    // Every page in light; in dark, one of each kind (the same stylesheet, other colours).
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const path of scheme === 'light' ? paths : ['', 'running', 'projects/proj', 'extensions/vault']) {
        await page.goto(`${hub.url}${path}`);
        await page.locator('details').evaluateAll((all) => all.forEach((d) => ((d as HTMLDetailsElement).open = true)));
        const violations = await axeViolations(page);
        assert.deepEqual(violations, [], `/${path} (${scheme})`);
      }
    }
    await page.setViewportSize({ width: 320, height: 800 });
    await page.goto(hub.url);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `readable at 320 px: ${overflow} px too wide`);
    await screenshot(page, 'home-320px');
  });
});
