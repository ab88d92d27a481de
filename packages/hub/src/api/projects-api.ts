import type { ProjectRecord } from '@outboard/host';

/** One project in `GET /api/hub/projects` (fields of apiVersion 1; the dashboard-server fields are null here: the hub runs none). */
export interface ProjectView {
  id: string;
  name: string;
  repoRoot: string;
  worktrees: string[];
  [bin: `${string}Bin`]: string | null;
  port: number | null;
  pid: number | null;
  lastSeen: string;
  status: { state: string; pid: number | null; port: number | null; attached: boolean; respawns: number; lastHealthAt: string | null; lastError: string | null };
  registeredAt: string;
}

/** The API view of a registered project; `<hostId>Bin` is the CLI entry that serves it. */
export function projectView(project: ProjectRecord, hostId: string, bin: string | null): ProjectView {
  return {
    id: project.id,
    name: project.name,
    repoRoot: project.root,
    worktrees: [],
    [`${hostId}Bin`]: bin,
    port: null,
    pid: null,
    lastSeen: project.registeredAt,
    status: { state: 'registered', pid: null, port: null, attached: false, respawns: 0, lastHealthAt: null, lastError: null },
    registeredAt: project.registeredAt,
  } as ProjectView;
}

/** The body of `POST /api/hub/projects` checked: `{ id, repoRoot, <hostId>Bin?, worktree?, name? }`, or the refusal. */
export function parseProjectBody(body: unknown): { id: string | undefined; root: string; name: string | undefined } | { refused: string } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { refused: 'the body must be a JSON object { id, repoRoot, name? }' };
  const b = body as Record<string, unknown>;
  if (typeof b.repoRoot !== 'string' || b.repoRoot === '') return { refused: 'repoRoot must be the absolute path of the project folder' };
  if (b.id !== undefined && typeof b.id !== 'string') return { refused: 'id must be a string' };
  if (b.name !== undefined && typeof b.name !== 'string') return { refused: 'name must be a string' };
  if (b.worktree !== undefined && typeof b.worktree !== 'string') return { refused: 'worktree must be a string' };
  return { id: b.id as string | undefined, root: b.repoRoot, name: b.name as string | undefined };
}
