/** One rule a config value breaks, e.g. `extensions.git.depth` / `type` / `must be integer`. */
export interface ConfigProblem {
  /** Dotted path of the offending value, from the top of the config, e.g. `extensions.git.depth`. */
  readonly path: string;
  /** The rule, usually the JSON Schema keyword (`type`, `required`, `enum`...). */
  readonly rule: string;
  /** What is wrong, e.g. `must be integer`. */
  readonly message: string;
  /** True when the problem is only a missing key (`required` and alike), which does not stop a write. */
  readonly missing: boolean;
}

/** One line for the user: `<path>: <rule>: <message>`. */
export function formatConfigProblem(problem: ConfigProblem): string {
  return `${problem.path}: ${problem.rule}: ${problem.message}`;
}
