import type { HostCore as Host, HostIdentityOptions } from '@outboard/host';
// The engine's core alone: help and dispatch load no bus, broker, project store, install or peer module.
import { createHostCore as createHost } from '@outboard/host/core';
import type { Style } from './terminal/style.js';
import { createStyle } from './terminal/style.js';

/** Where a CLI run reads and writes; tests pass their own. */
export interface CliIo {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
  cwd: string;
}

/** One CLI invocation: identity, I/O and output helpers. */
export class CliContext {
  readonly out: Style;
  readonly err: Style;
  constructor(
    readonly identity: HostIdentityOptions,
    readonly io: CliIo,
  ) {
    this.out = createStyle(io.stdout, io.env);
    this.err = createStyle(io.stderr, io.env);
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

  /** Writes lines to stdout. */
  print(...lines: string[]): void {
    this.io.stdout.write(lines.map((l) => `${l}\n`).join(''));
  }

  /** Writes lines to stderr. */
  printError(...lines: string[]): void {
    this.io.stderr.write(lines.map((l) => `${l}\n`).join(''));
  }

  /** Writes a value as pretty JSON to stdout. */
  printJson(value: unknown): void {
    this.io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
  }
}

/** A refusal printed on stderr as one line plus a hint; exit 2 (bad usage, refusal) unless told otherwise. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly hint?: string,
    readonly exitCode = 2,
  ) {
    super(message);
    this.name = 'UsageError';
  }
}
