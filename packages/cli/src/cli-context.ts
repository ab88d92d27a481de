// The host's core: its bus, broker and project store load only when peers start (`actions`), never for a command.
import type { HostCore as Host, HostIdentityOptions } from '@outboard/host';
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

  /**
   * Loads the host engine and creates the host of this run (once). The router calls it before any command that
   * needs the host, so `--version`, help of built-ins and usage errors never load the engine.
   */
  async loadHost(): Promise<Host> {
    if (!this.hostInstance) {
      // The engine's core alone, and only now: not every host module (install, peers...), and nothing for --version.
      const { createHostCore: createHost } = await import('@outboard/host/core');
      this.hostInstance ??= createHost({ identity: this.identity, cwd: this.io.cwd, env: this.io.env });
    }
    return this.hostInstance;
  }

  /** The host of this run; {@link loadHost} has made it (the router does so before running a command). */
  host(): Host {
    if (!this.hostInstance) throw new Error('CliContext.host() before loadHost(): the router loads the host before a command runs');
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

  /** Writes one NDJSON record to stdout (pretty on a terminal). */
  printJsonRecord(value: unknown): void {
    this.printer.printJsonRecord(value);
  }
}
