import type { ErrorObject } from 'ajv';
import type { ConfigProblem } from './config-problem.js';

const MISSING_KEYWORDS = new Set(['required', 'dependentRequired', 'dependencies', 'minProperties']);

/**
 * Turns Ajv errors for a section at `prefix` (e.g. `extensions.git`) into problems with dotted paths:
 * `required` and `additionalProperties` name the key concerned; `enum`/`const` list the allowed values.
 */
export function problemsFromAjvErrors(prefix: string, errors: readonly ErrorObject[]): ConfigProblem[] {
  const seen = new Set<string>();
  const problems: ConfigProblem[] = [];
  for (const error of errors) {
    const problem = problemFromAjvError(prefix, error);
    const key = `${problem.path}\u0000${problem.rule}\u0000${problem.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push(problem);
  }
  return problems;
}

function problemFromAjvError(prefix: string, error: ErrorObject): ConfigProblem {
  const segments = error.instancePath === '' ? [] : error.instancePath.slice(1).split('/').map(unescapePointer);
  const params = error.params as Record<string, unknown>;
  let message = error.message ?? 'is invalid';
  if ((error.keyword === 'required' || error.keyword === 'dependentRequired' || error.keyword === 'dependencies') && typeof params['missingProperty'] === 'string') {
    segments.push(params['missingProperty']);
    message = error.keyword === 'required' ? 'is missing' : `is missing (needed when ${String(params['property'])} is set)`;
  } else if ((error.keyword === 'additionalProperties' || error.keyword === 'unevaluatedProperties') && typeof params['additionalProperty'] === 'string') {
    segments.push(params['additionalProperty']);
    message = 'is not a known key (the schema allows no other keys)';
  } else if (error.keyword === 'enum' && Array.isArray(params['allowedValues'])) {
    message = `must be one of ${params['allowedValues'].map((v) => JSON.stringify(v)).join(', ')}`;
  } else if (error.keyword === 'const') {
    message = `must be ${JSON.stringify(params['allowedValue'])}`;
  }
  return {
    path: [prefix, ...segments].filter((s) => s !== '').join('.'),
    rule: error.keyword,
    message,
    missing: MISSING_KEYWORDS.has(error.keyword),
  };
}

function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}
