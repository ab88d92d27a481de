import type { JsonPathSegment } from '../json-path.js';
import { isRecord } from '../json-value.js';
import { readPackagePath } from '../package-path.js';
import type { PackagePathFault } from '../package-path.js';
import type { ProblemCollector } from './problem-collector.js';
import { fieldLabel, quote } from './wording.js';

const BIN_EXTENSION = /\.(?:js|mjs|cjs)$/;
const SHELL_SYNTAX = /[|&;<>()$`\\"'*?[\]#~=%{}!]/;
const EXEC_EXAMPLE = '["python3", "./peer/main.py"]';

/**
 * A command, sidecar or peer: exactly one of `bin` and `exec`; `bin` a `.js`/`.mjs`/`.cjs` file inside
 * the package; `exec` a non-empty argv array whose `./` elements stay inside the package.
 */
export function checkRunnable(value: unknown, at: JsonPathSegment[], root: JsonPathSegment[], problems: ProblemCollector): void {
  if (!isRecord(value)) return;
  // Labels and paths are built when a rule is broken, not for every manifest that passes (discovery checks a thousand).
  const hasBin = value.bin !== undefined;
  const hasExec = value.exec !== undefined;
  if (hasBin && hasExec) {
    problems.rule([...root, ...at], 'runnable.exactly-one', `${fieldLabel(at)} has both bin and exec.`, 'Keep bin for a Node.js file or exec for any other program, not both.');
  } else if (!hasBin && !hasExec) {
    problems.rule([...root, ...at], 'runnable.exactly-one', `${fieldLabel(at)} has neither bin nor exec, so there is nothing to run.`, `Add "bin": "bin/${at[0] === 'commands' ? 'cli' : String(at[0])}.js" (run with the host's Node) or "exec": ${EXEC_EXAMPLE}.`);
  }
  if (typeof value.bin === 'string' && value.bin !== '') checkBin(value.bin, at, root, problems);
  if (typeof value.exec === 'string') checkShellString(value.exec, [...at, 'exec'], root, problems);
  else if (Array.isArray(value.exec)) checkExecArray(value.exec, [...at, 'exec'], root, problems);
}

/** `bin` of the runnable at `runnableAt`. */
function checkBin(bin: string, runnableAt: JsonPathSegment[], root: JsonPathSegment[], problems: ProblemCollector): void {
  const read = readPackagePath(bin);
  if (!read.ok) {
    reportPathFault('bin', read.fault, bin, [...runnableAt, 'bin'], root, problems);
    return;
  }
  if (!BIN_EXTENSION.test(read.file)) {
    const at = [...runnableAt, 'bin'];
    problems.rule([...root, ...at], 'bin.extension', `${fieldLabel(at)} ${quote(bin)} is not a .js, .mjs or .cjs file, and bin always runs with Node.`, `Point bin at the JavaScript entry file, or use "exec": ${EXEC_EXAMPLE} for any other program.`);
  }
}

/** The package-path faults shared by `bin` (`bin.*`), `exec` (`exec.*`) and `configSchema` (`config-schema.*`). */
export function reportPathFault(
  field: 'bin' | 'exec' | 'config-schema',
  fault: PackagePathFault,
  value: string,
  at: JsonPathSegment[],
  root: JsonPathSegment[],
  problems: ProblemCollector,
): void {
  const label = fieldLabel(at);
  const example = field === 'config-schema' ? 'schema/config.json' : field === 'bin' ? 'bin/cli.js' : './peer/main.py';
  switch (fault) {
    case 'backslash':
      problems.rule([...root, ...at], `${field}.backslash`, `${label} ${quote(value)} uses backslashes, which name a different file on every platform but Windows.`, `Write the path with forward slashes: ${quote(value.replace(/\\/g, '/'))}.`);
      return;
    case 'absolute':
      problems.rule([...root, ...at], `${field}.absolute`, `${label} ${quote(value)} is an absolute path, but it must name a file inside the package.`, `Give the path relative to the package folder, e.g. ${quote(example)}.`);
      return;
    case 'escape':
      problems.rule([...root, ...at], `${field}.escape`, `${label} ${quote(value)} leads out of the package through "..".`, `Ship the file inside the package and point at it there, e.g. ${quote(example)}.`);
      return;
  }
}

/** A string where an argv array belongs: the one mistake every shell user makes, so it gets its own words. */
function checkShellString(exec: string, at: JsonPathSegment[], root: JsonPathSegment[], problems: ProblemCollector): void {
  problems.rule([...root, ...at], 'exec.shell-string', `exec must be an argv array such as ${EXEC_EXAMPLE}`, shellFix(exec));
}

function shellFix(command: string): string {
  if (SHELL_SYNTAX.test(command)) {
    return 'exec never runs a shell: put the pipes, redirections, quotes or variables in a script inside the package and exec that script.';
  }
  const words = command.trim().split(/\s+/).filter((w) => w !== '');
  // A script named after the program is a file in the package: it needs "./" (a bare "peer.py" would be passed as is and not found).
  const argv = words.map((w, i) => (i > 0 && words[i - 1] !== '-m' && PACKAGE_FILE_ARG.test(w) ? `./${w}` : w));
  return argv.length === 0 ? `Write the program and its arguments as an array, e.g. ${EXEC_EXAMPLE}.` : `Write it as an array: ${JSON.stringify(argv)}.`;
}

/** An argument that names a script in the package: relative, no option, with a path or a script extension. */
const PACKAGE_FILE_ARG = /^(?![-/.~$])(?:[^=]*\/[^=]*|[^=/]+\.(?:py|js|mjs|cjs|ts|sh|bash|rb|pl|php|lua|R|jar))$/;

function checkExecArray(exec: unknown[], at: JsonPathSegment[], root: JsonPathSegment[], problems: ProblemCollector): void {
  if (exec.length === 0) {
    problems.rule([...root, ...at], 'exec.empty', `${fieldLabel(at)} is an empty array, so there is no program to run.`, `Give the program first and then its arguments, e.g. ${EXEC_EXAMPLE}.`);
    return;
  }
  exec.forEach((arg: unknown, i) => {
    if (typeof arg !== 'string') return;
    const argAt = [...at, i];
    if (arg === '') {
      problems.rule([...root, ...argAt], 'exec.empty-element', `${fieldLabel(argAt)} is an empty string.`, 'Remove the empty element, or give the argument it stands for.');
    } else if (i === 0 && /\s/.test(arg) && !arg.startsWith('/') && !arg.startsWith('./')) {
      // A program name with spaces is a whole command line squeezed into one element.
      problems.rule([...root, ...argAt], 'exec.shell-string', `${fieldLabel(argAt)} ${quote(arg)} is a whole command line, but exec must be an argv array such as ${EXEC_EXAMPLE}.`, shellFix(arg));
    } else if (i === 0 && arg.includes('/') && !arg.startsWith('/') && !arg.startsWith('./')) {
      // `bin/tool` is neither a PATH lookup nor a package path: say which of the two was meant.
      problems.rule([...root, ...argAt], 'exec.relative-program', `${fieldLabel(argAt)} ${quote(arg)} is a relative path without "./", so it is neither a program on PATH nor a file in the package.`, `Write ${quote(`./${arg.replace(/^(\.\.?\/)+/, '')}`)} for a file in the package, or a bare program name such as "python3".`);
    } else if (arg.startsWith('./')) {
      const read = readPackagePath(arg);
      if (!read.ok) reportPathFault('exec', read.fault, arg, argAt, root, problems);
    }
  });
}
