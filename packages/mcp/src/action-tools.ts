import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { AgentAction } from '@outboard/host';
import { actionToolName, uniqueToolNames } from './tool-names.js';

/** One action offered as a tool: the MCP tool and what calling it runs. */
export interface ActionTool {
  tool: Tool;
  action: AgentAction;
  /** Set when the tool adds a `projectId` property of its own (the action runs on projects and its args do not name one). */
  projectParam: boolean;
}

/** A JSON Schema object, as a tool's input schema must be. */
type ObjectSchema = Tool['inputSchema'];

/**
 * The tools of the actions agents may use (those the host's verdict allows), named `<extension>_<action>`,
 * each unique and never one of `builtIns`. Input schema from `argsSchema` (an object schema as it is; any
 * other schema as the `args` property), plus `projectId` for actions that run on projects; title and
 * description from the manifest; annotations as declared, with MCP's defaults.
 */
export function actionTools(actions: readonly AgentAction[], builtIns: ReadonlySet<string>, hostId: string): ActionTool[] {
  const offered = actions.filter((a) => a.allowed);
  const names = uniqueToolNames(offered.map((a) => actionToolName(a.extension, a.id)), builtIns);
  return offered.map((action, i) => {
    const { schema, projectParam } = inputSchemaOf(action, hostId);
    const description = [action.description ?? action.title, `Runs action ${action.id} of extension ${action.extension}.`];
    if (action.destructive) description.push('It may change or delete things: the user is asked first when this client can ask.');
    return {
      tool: {
        name: names[i] as string,
        title: action.title,
        description: description.join(' '),
        inputSchema: schema,
        annotations: { title: action.title, ...action.annotations },
      },
      action,
      projectParam,
    };
  });
}

function inputSchemaOf(action: AgentAction, hostId: string): { schema: ObjectSchema; projectParam: boolean } {
  const declared = action.argsSchema;
  const base: ObjectSchema = isObjectSchema(declared) ? { ...(declared as ObjectSchema), type: 'object' } : declared === undefined || declared === true ? { type: 'object' } : { type: 'object', properties: { args: declared as object }, required: ['args'] };
  if (!action.targets.includes('project') || (base.properties !== undefined && Object.hasOwn(base.properties, 'projectId'))) return { schema: base, projectParam: false };
  const onlyProject = !action.targets.includes('global');
  const schema: ObjectSchema = {
    ...base,
    properties: { ...(base.properties ?? {}), projectId: { type: 'string', description: `The registered project to run it on (${hostId}_list_projects names them)${onlyProject ? '' : '; leave it out to run it with no project'}.` } },
    ...(onlyProject ? { required: [...((base.required as string[] | undefined) ?? []), 'projectId'] } : {}),
  };
  return { schema, projectParam: true };
}

/** A schema whose instances are objects (or that says nothing about the type): it is the tool's input as it is. */
function isObjectSchema(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return false;
  const type = (schema as { type?: unknown }).type;
  return type === undefined || type === 'object';
}

/** Splits a tool call's arguments into the action's `args` and its project, undoing {@link actionTools}' input schema. */
export function actionInput(tool: ActionTool, input: Record<string, unknown>): { args: unknown; projectId?: string } {
  const { projectId, ...rest } = input;
  const project = tool.projectParam && typeof projectId === 'string' ? { projectId } : {};
  const own = tool.projectParam ? rest : input;
  const declared = tool.action.argsSchema;
  const args = declared === undefined || declared === true || isObjectSchema(declared) ? own : own.args;
  return { args, ...project };
}
