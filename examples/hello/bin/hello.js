// An Outboard command is an ordinary program: arguments in, exit code out. commandContext() reads what the
// host hands it: the checked config section, the home and state folders, the hub (docs/sdk.md).
import { commandContext } from '@outboard/sdk';

const { config, name, hostVersion } = commandContext();
const who = process.argv[2] ?? 'world';
process.stdout.write(`${config.greeting ?? 'Hello'}, ${who}! (from ${name}, Outboard ${hostVersion})\n`);
