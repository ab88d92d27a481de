import { ResponseError } from '@outboard/protocol';
import type { Disposable } from '@outboard/protocol/disposable';
import type { RpcHandler, RpcRegistry } from '../calls/rpc-registry.js';
import type { AutomationService } from './automation-service.js';

const OWNER = 'host';

function id(params: Record<string, unknown>): string {
  const value = params['id'];
  if (typeof value !== 'string' || value === '') throw new ResponseError('invalid_params', 'id must be the id of an automation (required)');
  return value;
}

function object(params: Record<string, unknown>, key: string): Record<string, unknown> {
  const value = params[key];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ResponseError('invalid_params', `${key} must be a JSON object (required)`);
  return value as Record<string, unknown>;
}

/**
 * The `automations.*` RPC methods (what the CLI calls, through the hub or in its own process): `catalog`,
 * `list`, `get {id}`, `add {automation}`, `remove {id}`, `enable {id}`, `disable {id}`, `runs {id, limit?}`,
 * `test {id, event}`. Refusals are the service's OutboardErrors (`AUTOMATION_*`). A peer needs `automations.manage`.
 */
export function registerAutomationMethods(registry: RpcRegistry, automations: () => AutomationService): Disposable {
  const methods: Record<string, RpcHandler> = {
    'automations.catalog': async () => ({ catalog: await automations().catalog() }),
    'automations.list': async () => ({ automations: await automations().list() }),
    'automations.get': async (params) => ({ automation: await automations().get(id(params)) }),
    'automations.add': async (params) => ({ automation: await automations().add(object(params, 'automation')) }),
    'automations.remove': async (params) => {
      await automations().remove(id(params));
      return { removed: id(params) };
    },
    'automations.enable': async (params) => ({ automation: await automations().setEnabled(id(params), true) }),
    'automations.disable': async (params) => ({ automation: await automations().setEnabled(id(params), false) }),
    'automations.runs': (params) => {
      const limit = params['limit'] ?? 100;
      if (!Number.isSafeInteger(limit) || (limit as number) < 1) throw new ResponseError('invalid_params', 'limit must be a positive integer');
      return { runs: automations().runs(id(params), limit as number) };
    },
    'automations.test': async (params) => ({ test: await automations().test(id(params), object(params, 'event')) }),
  };
  // Automations act for the user with the grants of each action's extension: a peer reads or changes them only
  // with automations.manage, a sensitive capability the user confirms on its own (besides rpc.call).
  const regs = Object.entries(methods).map(([name, handler]) => registry.register(name, handler, OWNER, { capability: 'automations.manage' }));
  return { dispose: () => regs.forEach((r) => r.dispose()) };
}
