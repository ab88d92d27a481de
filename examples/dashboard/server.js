// A hub sidecar written with @outboard/sdk. The hub starts it on the first request to /x/dashboard/ and
// proxies to it; serveSidecar() refuses anything that does not carry the hub's secret. The page lists the
// hub's projects, read through the hub API with the token file the hub names (never a token in the page).
import { commandContext, serveSidecar, sidecarBasePath } from '@outboard/sdk';

const { hub } = commandContext();

/** Text from the hub is data, never markup. */
const escape = (value) => String(value).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function projects() {
  const answer = await hub.request('GET', '/api/hub/projects');
  return Array.isArray(answer?.projects) ? answer.projects : [];
}

function page(base, list) {
  const rows = list.map((p) => `<tr><td>${escape(p.id)}</td><td>${escape(p.name)}</td><td><code>${escape(p.repoRoot ?? p.root ?? '')}</code></td></tr>`).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Projects</title><base href="${escape(base)}">
<style>body{font:14px system-ui;margin:2rem}td,th{padding:.3rem .8rem;text-align:left}</style></head>
<body><h1>Projects</h1>
${list.length ? `<table><thead><tr><th>id</th><th>name</th><th>folder</th></tr></thead><tbody>\n${rows}\n</tbody></table>` : '<p>No project yet: run <code>outboard projects add .</code> in one.</p>'}
<p><a href="api/projects">as JSON</a></p></body></html>\n`;
}

/** The sidecar view `dashboard.project` (contributes.views): one project, shown in a frame on its hub page. */
function projectView(project) {
  const body = project
    ? `<dl><dt>id</dt><dd>${escape(project.id)}</dd><dt>name</dt><dd>${escape(project.name)}</dd><dt>folder</dt><dd><code>${escape(project.repoRoot ?? project.root ?? '')}</code></dd></dl>`
    : '<p>No such project.</p>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Project</title>
<style>body{font:14px system-ui;margin:1rem}dt{font-weight:600}</style></head><body>${body}</body></html>\n`;
}

await serveSidecar(async (req, res) => {
  const path = new URL(req.url ?? '/', 'http://sidecar').pathname;
  try {
    if (path === '/healthz') return void res.writeHead(200, { 'content-type': 'text/plain' }).end('ok\n');
    if (path === '/api/projects') return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ projects: await projects() }));
    if (path === '/view/project') {
      const id = new URL(req.url ?? '/', 'http://sidecar').searchParams.get('id');
      return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(projectView((await projects()).find((p) => p.id === id)));
    }
    if (path === '/') return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(sidecarBasePath(req), await projects()));
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
  } catch (error) {
    console.error(`dashboard: ${error.message}`);
    res.writeHead(502, { 'content-type': 'text/plain' }).end('the hub could not be asked for its projects\n');
  }
});
