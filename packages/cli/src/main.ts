#!/usr/bin/env node
import { runCli } from './run-cli.js';
import { outboardIdentity } from './outboard-identity.js';

// No top-level await: the entry also bundles as CommonJS.
void runCli(process.argv.slice(2), outboardIdentity(), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  env: process.env,
  cwd: process.cwd(),
}).then((code) => {
  process.exitCode = code;
});
