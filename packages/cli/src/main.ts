#!/usr/bin/env node
import { runCli } from './run-cli.js';
import { outboardIdentity } from './outboard-identity.js';
import { catchFatal } from './errors/catch-fatal.js';
import { processIo } from './terminal/printer.js';

const io = processIo();
catchFatal(io, { id: 'outboard' });

// No top-level await: the entry also bundles as CommonJS.
void runCli(process.argv.slice(2), outboardIdentity, io).then((code) => {
  process.exitCode = code;
});
