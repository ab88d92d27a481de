#!/usr/bin/env node
import { runCli } from './run-cli.js';
import { outboardIdentity } from './outboard-identity.js';
import { envPrefixOf } from '@outboard/host/errors';
import { reportError } from './errors/cli-errors.js';
import { Printer, processIo } from './terminal/printer.js';

const io = processIo();
// Last resort for what escapes runCli (a stream's error event, a stray rejection): one line, no stack.
const fatal = (error: unknown) => {
  // A closed pipe (`outboard --help | head -1`) is the reader's choice, not an error.
  if ((error as { code?: unknown }).code === 'EPIPE') process.exit(process.exitCode ?? 0);
  const host = { id: 'outboard' };
  process.exitCode = reportError(new Printer(io), error, { host, debug: io.env[`${envPrefixOf(host)}_DEBUG`] === '1' });
  process.exit();
};
process.on('uncaughtException', fatal);
process.on('unhandledRejection', fatal);

// No top-level await: the entry also bundles as CommonJS.
void runCli(process.argv.slice(2), outboardIdentity, io).then((code) => {
  process.exitCode = code;
});
