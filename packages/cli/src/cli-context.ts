import type { HostCore as Host, HostIdentityOptions } from '@outboard/host';
// The engine's core alone: help and dispatch load no bus, broker, project store, install or peer module.
import { createHostCore as createHost } from '@outboard/host/core';
import type { Style } from './terminal/style.js';
import { Printer } from './terminal/printer.js';
import type { CliIo } from './terminal/printer.js';
import type { Text } from './terminal/text.js';

export type { CliIo } from './terminal/printer.js';

/** One CLI invocation: identity, I/O and the printer, the only way to the user's terminal. */
export class CliContext {
  /** Writes to stdout and stderr for this run (escaping untrusted text). */
  readonly printer: Printer;
  constructor(
    readonly identity: HostIdentityOptions,
    readonly io: CliIo,
  ) {
    this.printer = new Printer(io);
  }

  private hostInstance: Host | undefined;

  /** The host for this run, created on first use. */
  host(): Host {
    this.hostInstance ??= createHost({ identity: this.identity, cwd: this.io.cwd, env: this.io.env });
    return this.hostInstance;
  }

  /** The command prefix users type, e.g. `outboard`. */
  get cmd(): string {
    return this.identity.id;
  }

  /** Styling for stdout. */
  get out(): Style {
    return this.printer.out;
  }

  /** Styling for stderr. */
  get err(): Style {
    return this.printer.err;
  }

  /** Writes lines to stdout (plain strings escaped). */
  print(...lines: Text[]): void {
    this.printer.print(...lines);
  }

  /** Writes lines to stderr (plain strings escaped). */
  printError(...lines: Text[]): void {
    this.printer.printError(...lines);
  }

  /** Writes a value as pretty JSON to stdout. */
  printJson(value: unknown): void {
    this.printer.printJson(value);
  }
}
