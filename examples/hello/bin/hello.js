// An Outboard extension command is an ordinary program: arguments in, exit code out. Outboard hands it
// its checked config as a JSON file and a few variables (docs/environment.md).
import { readFileSync } from 'node:fs';

const config = JSON.parse(readFileSync(process.env.OUTBOARD_EXTENSION_CONFIG, 'utf8'));
const who = process.argv[2] ?? 'world';
const greeting = config.greeting ?? 'Hello';
process.stdout.write(`${greeting}, ${who}! (from ${process.env.OUTBOARD_EXTENSION_NAME}, Outboard ${process.env.OUTBOARD_VERSION})\n`);
