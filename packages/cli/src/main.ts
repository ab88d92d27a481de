#!/usr/bin/env node
import { runCli } from './run-cli.js';
import { outboardIdentity } from './outboard-identity.js';

const code = await runCli(process.argv.slice(2), outboardIdentity(), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  env: process.env,
  cwd: process.cwd(),
});
process.exitCode = code;
