/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The hub's pages in a real browser: sign-in, every extension with its state, approval with a sensitive
// capability confirmed, an action run from its Run form, live updates without reload (a crashed peer, an
// enable from the CLI), the Running page's figures (CPU throttling, open connections), views loaded as
// fragments (a slow view delays no page, a views/changed reloads that view alone), a sidecar view rendered in
// its sandboxed frame, the HTML error page of a missing mount, a policy-blocked extension, and an
// accessibility pass on every page.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { axeViolations, launchBrowser, screenshot, SLOW_VIEW_MS, startBrowserHub, type BrowserHub } from './browser-hub.js';

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
    await page.getByRole('button', { name: 'Memory', exact: true }).click();
    assert.equal(await page.locator('#processes th[aria-sort="ascending"]').count(), 1);
    await screenshot(page, 'running');
  });

  it('the Running page shows CPU throttling of a peer with a CPU limit, and open connections labelled by what they are', async () => {
    // The slow view renders busy under its 25 % CPU limit; the dashboard sidecar has served its view.
    await hub.rpc('views.render', { id: 'slowview.slow' });
    assert.equal((await fetch(`${hub.url}x/dashboard/healthz`, { headers: { 'x-outboard-token': hub.token } })).status, 200, 'the dashboard sidecar runs');
    await page.goto(`${hub.url}running`);
    const headers = await page.locator('#processes thead th').allTextContents();
    assert.ok(headers.includes('CPU throttled') && headers.includes('Open connections'), headers.join(', '));
    const cell = (extension: string, kind: string, column: string): Promise<string> =>
      page.evaluate(([e, k, c]) => {
        const index = [...document.querySelectorAll('#processes thead th')].findIndex((th) => th.textContent === c);
        return document.querySelector(`#processes tr[data-extension="${e}"][data-kind="${k}"]`)?.querySelectorAll('td')[index]?.textContent ?? '(no row)';
      }, [extension, kind, column] as const);
    assert.match(await cell('slowview', 'peer', 'CPU throttled'), /^[1-9]\d* of \d+ periods, [\d.]+ (s|min)$/, 'held back by its CPU limit');
    assert.equal(await cell('notes', 'peer', 'CPU throttled'), '—', 'no CPU limit');
    assert.match(await cell('notes', 'peer', 'Open connections'), /^\d+ sockets?$/, 'a peer: its sockets');
    assert.match(await cell('dashboard', 'sidecar', 'Open connections'), /^\d+ via the hub$/, 'a sidecar: what the hub proxies to it');
    await screenshot(page, 'running-throttling');
  });

  it('renders a peer view on its extension page and a sidecar view, in its sandboxed frame on its own origin, on the project page', async () => {
    await page.goto(`${hub.url}extensions/notes`);
    const peerView = page.locator('#views article[data-view="notes.recent"][aria-busy="false"]');
    await peerView.waitFor({ timeout: 10_000 });
    assert.doesNotMatch((await peerView.textContent()) ?? '', /Not shown/, 'its peer rendered it');
    await page.goto(`${hub.url}projects/proj`);
    const frame = page.locator('#views article[data-view="dashboard.project"] iframe');
    await frame.waitFor({ timeout: 10_000 });
    const src = new URL((await frame.getAttribute('src')) ?? '');
    assert.equal(src.hostname, 'dashboard.localhost', 'served from the extension\'s own origin');
    assert.equal(await frame.getAttribute('data-path'), '/view/project?id=proj', '{projectId} filled in');
    assert.equal(await frame.getAttribute('sandbox'), 'allow-scripts allow-forms');
    // The sidecar's page really renders in the frame (started on demand), the project's id in it.
    const inFrame = page.frameLocator('#views article[data-view="dashboard.project"] iframe');
    await inFrame.locator('dd', { hasText: 'proj' }).first().waitFor({ timeout: 20_000 });
    const origin = page.frames().find((f) => new URL(f.url() || 'about:blank').hostname === 'dashboard.localhost');
    assert.ok(origin, `a frame on dashboard.localhost: ${page.frames().map((f) => f.url()).join(', ')}`);
    assert.equal(await origin.evaluate(() => window.origin), 'null', 'sandboxed: an opaque origin, no access to the hub\'s');
    await screenshot(page, 'views');
  });

  it('loads views after the page: a slow view peer delays no page, and a views/changed reloads only that view', async () => {
    const headers = { 'x-outboard-token': hub.token, accept: 'text/html' };
    // The fragment is behind the same gate as the pages.
    assert.equal((await fetch(`${hub.url}ui/view?id=slowview.slow&where=home`, { headers: { accept: 'text/html' } })).status, 401);
    const bad = await fetch(`${hub.url}ui/view?id=slowview.slow`, { headers });
    assert.equal(bad.status, 404);
    assert.match(await bad.text(), /needs <code>id<\/code> .* and <code>where<\/code>/);
    // The page and the slow view's fragment asked at once: the page answers first, with a placeholder.
    const started = Date.now();
    const fragment = fetch(`${hub.url}ui/view?id=slowview.slow&where=home`, { headers }).then(async (r) => ({ at: Date.now() - started, html: await r.text() }));
    const home = await fetch(hub.url, { headers }).then(async (r) => ({ at: Date.now() - started, html: await r.text() }));
    const view = await fragment;
    assert.match(home.html, /data-view="slowview\.slow"[^>]*aria-busy="true"/, 'the page holds a placeholder for the slow view');
    assert.ok(home.at < SLOW_VIEW_MS, `the page answered in ${home.at} ms, before the slow view could (${SLOW_VIEW_MS} ms)`);
    assert.match(view.html, /slow view render \d+/);
    assert.ok(view.at >= SLOW_VIEW_MS, `the view took its ${SLOW_VIEW_MS} ms (${view.at} ms)`);

    await page.goto(hub.url);
    const slow = page.locator('#views article[data-view="slowview.slow"]');
    assert.equal(await slow.getAttribute('aria-busy'), 'true', 'shown while the slow view renders');
    await page.locator('#views article[data-view="slowview.slow"][aria-busy="false"]').waitFor({ timeout: 15_000 });
    await page.locator('#views article[data-view="notes.recent"][aria-busy="false"]').waitFor({ timeout: 10_000 });
    await page.evaluate(() => ((document.querySelector('article[data-view="slowview.slow"]') as unknown as { kept: boolean }).kept = true));
    const asked: string[] = [];
    page.on('request', (r) => asked.push(r.url()));
    await hub.rpc('actions.invoke', { id: 'notes.add', args: { text: 'seen through a fragment' } });
    await page.locator('#views article[data-view="notes.recent"]', { hasText: 'seen through a fragment' }).waitFor({ timeout: 5_000 });
    // Let any refresh the add caused (its status item) settle, then check the slow view was left alone.
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(await page.evaluate(() => (document.querySelector('article[data-view="slowview.slow"]') as unknown as { kept?: boolean }).kept), true, 'the slow view was not replaced');
    assert.deepEqual(asked.filter((u) => /ui\/view\?id=slowview/.test(u)), [], 'the slow view was not asked again');
    assert.equal(asked.filter((u) => /ui\/view\?id=notes\.recent/.test(u)).length, 1, 'the changed view was asked once');
    await screenshot(page, 'home-views');
  });

  it('shows the HTML error page, with the reason, the fix and a link home, for a navigation to a missing mount', async () => {
    const response = await page.goto(`${hub.url}x/nope/`);
    assert.equal(response?.status(), 404);
    assert.match((await response?.headerValue('content-type')) ?? '', /^text\/html/);
    assert.match((await page.locator('.reason').textContent()) ?? '', /no extension is called "nope"/);
    assert.match((await page.locator('.fix').textContent()) ?? '', /extensions list/);
    assert.deepEqual(await axeViolations(page), [], 'the error page passes axe');
    await screenshot(page, 'error-missing-mount');
    await page.getByRole('link', { name: /back to the hub/i }).click();
    await page.waitForURL(hub.url);
    assert.equal(await page.locator('h1').first().textContent(), 'Extensions');
  });

  it('shows an extension the organisation policy blocks, with the rule naming the file, on the home and its page', async () => {
    await page.goto(hub.url);
    const card = await cardText(page, 'crate');
    assert.match(card, /blocked/);
    assert.ok(card.includes(`blocked by policy ${hub.policyFile}`), `the card names the file: ${card}`);
    assert.match(card, /"blocked" lists "outboard-fixture-crate"/);
    assert.equal(await page.locator('li.card[data-extension="crate"] button', { hasText: /Enable|Disable/ }).count(), 0, 'nothing to enable');
    await page.goto(`${hub.url}extensions/crate`);
    const policy = (await page.locator('#policy').textContent()) ?? '';
    for (const shown of [hub.policyFile, 'blocked', 'outboard-fixture-crate', 'ask whoever manages']) assert.ok(policy.includes(shown), `the policy section shows ${shown}: ${policy}`);
    await screenshot(page, 'extension-blocked');
  });

  it('has no WCAG A or AA violation on any page (axe-core), in light and dark', async () => {
    const paths = ['', 'running', 'automations', 'projects/proj', ...[...EXAMPLES, 'slowview', 'crate'].map((n) => `extensions/${n}`)];
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
