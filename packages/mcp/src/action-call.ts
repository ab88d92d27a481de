import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ActionResult, AgentAction } from '@outboard/host';
import type { HubLink } from './hub-link.js';
import type { ActionTool } from './action-tools.js';
import { actionInput } from './action-tools.js';
import { actionToolResult, errorParts, errorToolResult } from './tool-results.js';

/** How an agent's call ended, as the `agent.call` event says it. */
export type AgentCallOutcome = 'ok' | 'failed' | 'refused' | 'declined' | 'cancelled';

/** What one action call needs besides the tool and its input. */
export interface ActionCallContext {
  hub: HubLink;
  hostId: string;
  signal: AbortSignal;
  /** Asks the user to confirm (MCP elicitation), when the client declared it can; undefined otherwise. */
  confirm: ((message: string) => Promise<boolean>) | undefined;
  /** Receives the action's progress values. */
  onProgress?: (value: unknown) => void;
}

/**
 * Runs an offered action for an agent: a destructive one is confirmed by the user first when the client can
 * ask (a "no" is not run); then `actions.invoke` through the hub, whose verdict and argument checks apply as
 * on every route. Every call is recorded (`agents.record`: the tool, action and outcome, never the arguments).
 */
export async function callActionTool(tool: ActionTool, input: Record<string, unknown>, ctx: ActionCallContext): Promise<CallToolResult> {
  const { action } = tool;
  const { args, projectId } = actionInput(tool, input);
  let outcome: AgentCallOutcome = 'failed';
  try {
    if (action.destructive && ctx.confirm) {
      const yes = await ctx.confirm(confirmation(action, args, projectId));
      if (!yes) {
        outcome = 'declined';
        return errorToolResult(`The user declined to run ${action.id}; it did not run.`, 'do not retry it unless the user asks for it');
      }
    }
    const result = (await ctx.hub.call('actions.invoke', { id: action.id, args, ...(projectId !== undefined ? { projectId } : {}) }, { signal: ctx.signal, ...(ctx.onProgress ? { onProgress: ctx.onProgress } : {}) })) as ActionResult;
    outcome = 'ok';
    return actionToolResult(result);
  } catch (error) {
    if (ctx.signal.aborted) outcome = 'cancelled';
    const { message, fix } = errorParts(error);
    return errorToolResult(message, fix);
  } finally {
    await record(ctx.hub, tool.tool.name, action.id, outcome, projectId);
  }
}

/** The refusal of an action agents may not use: the host's reason and the command that allows it, recorded. */
export async function refuseActionTool(hub: HubLink, toolName: string, action: AgentAction): Promise<CallToolResult> {
  await record(hub, toolName, action.id, 'refused', undefined);
  return errorToolResult(`${action.id} is not offered to agents: ${action.refusal?.reason ?? 'its extension does not allow it'}.`, `ask the user to allow it with \`${action.refusal?.fix ?? ''}\``);
}

function confirmation(action: AgentAction, args: unknown, projectId: string | undefined): string {
  const shown = JSON.stringify(args ?? {});
  return [
    `An agent wants to run "${action.title}" (${action.id}) of extension ${action.extension}${projectId !== undefined ? ` on project ${projectId}` : ''}.`,
    'It is not read-only: it may change or delete things.',
    `Arguments: ${shown.length > 500 ? `${shown.slice(0, 500)}…` : shown}`,
    'Run it?',
  ].join('\n');
}

/** Records the call through the hub; a hub that cannot record does not change what the agent is told. */
async function record(hub: HubLink, tool: string, action: string, outcome: AgentCallOutcome, projectId: string | undefined): Promise<void> {
  try {
    await hub.call('agents.record', { tool, action, outcome, ...(projectId !== undefined ? { projectId } : {}) });
  } catch {
    // The hub went away or refused: the outcome stands; the hub's own events say why.
  }
}
