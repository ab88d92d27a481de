import { ServiceError } from '../../errors/service-error.js';

/** `params[name]` when it is a non-empty string; otherwise `invalid_params` naming the method, the param and an example. */
export function requiredString(method: string, params: Readonly<Record<string, unknown>>, name: string, example: string): string {
  const value = params[name];
  if (typeof value !== 'string' || value.length === 0) {
    throw new ServiceError('invalid_params', `"${method}" needs params.${name} as a non-empty string, e.g. ${JSON.stringify(example)}; got ${JSON.stringify(value) ?? 'nothing'}.`, { param: name });
  }
  return value;
}

/** `params[name]` when absent or a string; otherwise `invalid_params`. */
export function optionalString(method: string, params: Readonly<Record<string, unknown>>, name: string): string | undefined {
  const value = params[name];
  if (value === undefined || typeof value === 'string') return value;
  throw new ServiceError('invalid_params', `"${method}" takes params.${name} as a string when given; got ${JSON.stringify(value) ?? typeof value}. Pass a string or leave it out.`, { param: name });
}
