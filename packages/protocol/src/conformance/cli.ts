#!/usr/bin/env node
/**
 * Runs the conformance vectors against a peer command:
 *   node packages/protocol/dist/src/conformance/cli.js [--vectors DIR] [--only a,b] [--core] [--time-scale N]
 *     [--host-id ID] [--env-prefix P] -- python3 peer.py
 * Prints PASS/FAIL/SKIP per vector (with expected vs actual for failures) and exits 0 when conformant, 1
 * when not, 2 on bad usage. `--core` runs only the vectors every peer must pass (no test methods).
 */
import { formatConformanceSummary, formatVectorResult } from './conformance-report.js';
import { runConformance } from './conformance-runner.js';
import { loadConformanceVectors } from './conformance-vectors.js';

const USAGE = 'usage: cli.js [--vectors DIR] [--only name,name] [--core] [--time-scale N] [--host-id ID] [--env-prefix P] -- <peer command> [args...]';

async function main(argv: string[]): Promise<number> {
  const separator = argv.indexOf('--');
  const flags = separator === -1 ? argv : argv.slice(0, separator);
  const command = separator === -1 ? [] : argv.slice(separator + 1);
  if (command.length === 0) {
    process.stderr.write(`no peer command given; put it after --\n${USAGE}\n`);
    return 2;
  }
  let directory: string | undefined;
  let only: string[] | undefined;
  let timeScale = 1;
  let core = false;
  const host: { id?: string; envPrefix?: string } = {};
  for (let i = 0; i < flags.length; i++) {
    const flag = flags[i];
    const value = flags[i + 1];
    if (flag === '--vectors' && value) directory = flags[++i];
    else if (flag === '--only' && value) only = (flags[++i] as string).split(',');
    else if (flag === '--time-scale' && value && Number(value) > 0) timeScale = Number(flags[++i]);
    else if (flag === '--core') core = true;
    else if (flag === '--host-id' && value) host.id = flags[++i] as string;
    else if (flag === '--env-prefix' && value && /^[A-Z][A-Z0-9_]*$/.test(value)) host.envPrefix = flags[++i] as string;
    else {
      process.stderr.write(`unknown or incomplete option ${String(flag)}\n${USAGE}\n`);
      return 2;
    }
  }
  const vectors = loadConformanceVectors(directory).filter((v) => (!only || only.includes(v.name)) && (!core || (v.requires ?? []).length === 0));
  if (vectors.length === 0) {
    process.stderr.write(`no vectors selected${only ? ` (--only ${only.join(',')})` : ''}${core ? ' (--core)' : ''}\n`);
    return 2;
  }
  const report = await runConformance({ command, vectors, timeScale, host, onResult: (r) => process.stdout.write(`${formatVectorResult(r)}\n`) });
  process.stdout.write(`${formatConformanceSummary(report)}\n`);
  return report.passed ? 0 : 1;
}

process.exitCode = await main(process.argv.slice(2));
