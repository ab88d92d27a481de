// A peer written with @outboard/sdk: a status item per project (branch and changed files), kept current by
// context.poll(), and an action that shows the project's log as a table. Try:
//   outboard actions run git-status.log --project <id>
import { execFile } from 'node:child_process';
import { runPeer } from '@outboard/sdk';

/** Runs git in `cwd` (never a shell) and resolves with its output. */
function git(cwd, args, signal) {
  return new Promise((resolve, reject) => {
    execFile('git', args, { cwd, signal, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => (error ? reject(new Error(stderr.trim() || error.message)) : resolve(stdout)));
  });
}

/** One project's branch and changed files, or why there is none. */
async function summarize(project, signal) {
  try {
    const branch = (await git(project.root, ['rev-parse', '--abbrev-ref', 'HEAD'], signal)).trim();
    const changed = (await git(project.root, ['status', '--porcelain'], signal)).split('\n').filter(Boolean).length;
    return { text: `${branch}${changed ? `, ${changed} changed` : ', clean'}`, severity: changed ? 'warning' : 'ok', branch, changes: changed };
  } catch {
    return { text: 'not a git repository', severity: 'info' };
  }
}

/** What is wrong in a project's repository: unmerged paths (errors) and a detached HEAD (a warning). */
async function problems(project, signal) {
  const found = [];
  const branch = (await git(project.root, ['rev-parse', '--abbrev-ref', 'HEAD'], signal)).trim();
  if (branch === 'HEAD') found.push({ severity: 'warning', message: 'HEAD is detached: new commits belong to no branch', source: 'git', path: '.' });
  const unmerged = (await git(project.root, ['diff', '--name-only', '--diff-filter=U'], signal)).split('\n').filter(Boolean);
  for (const path of unmerged) found.push({ severity: 'error', message: 'unmerged path: resolve the conflict, then git add it', path, source: 'git' });
  return found;
}

runPeer({
  activate(api, context) {
    // Every project's summary, read on one lane with every other poll; a failed round keeps the last one.
    const summaries = context.poll({
      everyMs: 15_000,
      initial: () => new Map(),
      read: async (_previous, signal) => {
        const projects = await api.projects.list();
        return new Map(await Promise.all(projects.map(async (p) => [p.id, await summarize(p, signal)])));
      },
    });
    summaries.onDidChange((map) => {
      for (const [projectId, { branch, changes, ...s }] of map) {
        api.status.set('git-status.branch', { ...s, projectId }).catch((e) => console.error(`status: ${e.message}`));
        // The listener automations start on (contributes.listeners): a tree with changes, once per change seen.
        if (changes) api.events.publish('git-status.dirty', { branch, changes }, undefined, { projectId }).catch((e) => console.error(`event: ${e.message}`));
        // A project page showing the branch and changes renders them again.
        api.views.changed('git-status.changes', { projectId });
      }
    });
    // A project registered or removed is news now, not at the next tick.
    api.events.on('project.*', () => void summaries.refresh());
    context.subscriptions.push(summaries.start());

    // `outboard views show git-status.changes` and each project's page: the branch, then every changed file.
    api.views.register('git-status.changes', async ({ projectId, signal }) => {
      if (!projectId) return { type: 'text', text: 'Pick a project: --project <id>' };
      const project = await api.projects.get(projectId);
      let branch;
      try {
        branch = (await git(project.root, ['rev-parse', '--abbrev-ref', 'HEAD'], signal)).trim();
      } catch {
        return { type: 'text', text: `${project.name} is not a git repository` };
      }
      const changes = (await git(project.root, ['status', '--porcelain'], signal)).split('\n').filter(Boolean);
      return { type: 'table', title: `${project.name} on ${branch}`, columns: ['status', 'path'], rows: changes.map((line) => [line.slice(0, 2).trim(), line.slice(3)]) };
    });

    // `outboard diagnostics` asks this for the project it runs in (or every project it may read without one).
    api.providers.register('git-status.problems', async ({ limit }, { projectId, signal }) => {
      const projects = projectId ? [await api.projects.get(projectId)] : await api.projects.list();
      const items = [];
      for (const project of projects) {
        try {
          items.push(...(await problems(project, signal)).map((p) => (projectId ? p : { ...p, message: `${project.name}: ${p.message}` })));
        } catch {
          // Not a git repository: nothing for git to say.
        }
      }
      return { items: items.slice(0, limit), truncated: items.length > limit };
    });

    api.actions.register('git-status.log', async (args, { projectId, signal, progress }) => {
      if (!projectId) throw new Error('run it for a project: --project <id>');
      const project = await api.projects.get(projectId);
      progress({ message: `reading the log of ${project.name}` });
      const count = Number.isInteger(args?.count) ? args.count : 20;
      const out = await git(project.root, ['log', `-n${count}`, '--format=%h%x09%an%x09%ar%x09%s'], signal);
      const rows = out.split('\n').filter(Boolean).map((line) => line.split('\t'));
      return { view: { type: 'table', columns: ['commit', 'author', 'when', 'subject'], rows } };
    });
  },
});
