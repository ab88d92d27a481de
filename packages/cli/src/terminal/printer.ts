import { Writable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import type { Style } from './style.js';
import { createStyle, wantsColor } from './style.js';
import { escapeUntrusted, safeText } from './text.js';
import type { Text } from './text.js';

/** Where a CLI run reads and writes; tests and embedders pass their own. */
export interface CliIo {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
  cwd: string;
}

/**
 * The I/O of this process: the one place the CLI names `process`'s streams. They are made on first use (Node
 * builds each on first access, ~7 ms for the three): `outboard <command>` hands its stdio to the command
 * without ever touching them.
 */
export function processIo(): CliIo {
  return {
    get stdout() {
      return process.stdout;
    },
    get stderr() {
      return process.stderr;
    },
    get stdin() {
      return process.stdin;
    },
    env: process.env,
    cwd: process.cwd(),
  };
}

// JSON.stringify escapes C0 already; DEL, C1, bidi and invisible marks are escaped too (still the same JSON value).
 
const JSON_UNSAFE = /[\u007f-\u009f\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2069\ufeff]/g;

/** Erases the current terminal line: the CLI's own control sequence for its progress line. */
const CLEAR_LINE = '\r\u001b[2K';

/**
 * The one object that writes to a user's terminal. Every plain string is untrusted and escaped
 * ({@link escapeUntrusted}); {@link Styled} text (the CLI's own layout and SGR styling around escaped values)
 * is written as it is. JSON goes out as JSON. Nothing else in the CLI touches stdout or stderr.
 */
export class Printer {
  private statusShown = false;
  private outStyle: Style | undefined;
  private errStyle: Style | undefined;
  /** Set once stdout carries a protocol (see {@link protocolStreams}). */
  private stdoutIsWire = false;

  constructor(private readonly io: CliIo) {}

  /** Styling for stdout lines (decided on first use: a run that prints nothing never opens the stream). */
  get out(): Style {
    this.outStyle ??= createStyle(wantsColor(this.io.stdout, this.io.env));
    return this.outStyle;
  }

  /** Styling for stderr lines. */
  get err(): Style {
    this.errStyle ??= createStyle(wantsColor(this.io.stderr, this.io.env));
    return this.errStyle;
  }

  /** True when a person is at the terminal: a question can be asked and a progress line shown. */
  get interactive(): boolean {
    return this.io.stdin.isTTY === true && this.io.stderr.isTTY === true;
  }

  /** Writes lines to stdout, one per argument. */
  print(...lines: Text[]): void {
    this.write(this.textOut(), lines);
  }

  /** Stdout for text, unless a protocol owns it (a bug: the guard says where to print instead). */
  private textOut(): CliIo['stdout'] {
    if (this.stdoutIsWire) throw new Error('internal: stdout carries a protocol in this run; print to stderr');
    return this.io.stdout;
  }

  /**
   * Hands stdin and stdout to a protocol that owns them from now on (`mcp`: MCP messages, one per line): the
   * printer then refuses to print to stdout, and lines for the person go to stderr.
   */
  protocolStreams(): { input: NodeJS.ReadableStream; output: NodeJS.WritableStream } {
    this.stdoutIsWire = true;
    return { input: this.io.stdin, output: this.io.stdout };
  }

  /** Writes lines to stderr, one per argument. */
  printError(...lines: Text[]): void {
    this.write(this.io.stderr, lines);
  }

  /** Writes a value as pretty JSON to stdout; the text stays valid JSON and carries no raw control character. */
  printJson(value: unknown): void {
    const json = JSON.stringify(value, null, 2) ?? 'null';
    this.textOut().write(`${json.replace(JSON_UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}\n`);
  }

  /**
   * Writes one record of an NDJSON stream to stdout: one line of JSON, or pretty JSON when stdout is a
   * terminal (a person reads it). Escaped as {@link printJson} escapes.
   */
  printJsonRecord(value: unknown): void {
    const json = (this.io.stdout.isTTY === true ? JSON.stringify(value, null, 2) : JSON.stringify(value)) ?? 'null';
    this.textOut().write(`${json.replace(JSON_UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}\n`);
  }

  /** Shows (or replaces) the one-line progress note on a terminal's stderr; does nothing elsewhere. */
  status(line: Text): void {
    if (this.io.stderr.isTTY !== true) return;
    this.io.stderr.write(`${CLEAR_LINE}${safeText(line)}`);
    this.statusShown = true;
  }

  /** Removes the progress note, if one is shown. */
  clearStatus(): void {
    if (!this.statusShown) return;
    this.io.stderr.write(CLEAR_LINE);
    this.statusShown = false;
  }

  /**
   * Asks a yes/no question on stderr and reads one line in the terminal's own line mode (its echo and
   * editing; no escape sequences of ours). Default no; end of input is no.
   */
  async ask(question: Text): Promise<boolean> {
    this.io.stderr.write(`${safeText(question)} [y/N] `);
    const answer = await readLine(this.io.stdin);
    return /^y(es)?$/i.test(answer.trim());
  }

  /** Asks a question on stderr and reads one line of answer in the terminal's line mode (end of input: ''). */
  async askLine(question: Text): Promise<string> {
    this.io.stderr.write(`${safeText(question)} `);
    return (await readLine(this.io.stdin)).trim();
  }

  /**
   * A stream for another program's human-readable output (npm's), copied to stderr with its newlines kept and
   * every other control character escaped.
   */
  passthrough(): Writable {
    const decoder = new StringDecoder('utf8');
    const stderr = this.io.stderr;
    const emit = (text: string) => {
      if (text) stderr.write(text.split('\n').map(escapeUntrusted).join('\n'));
    };
    return new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        emit(typeof chunk === 'string' ? chunk : decoder.write(chunk));
        done();
      },
      final(done) {
        emit(decoder.end());
        done();
      },
    });
  }

  private write(stream: NodeJS.WritableStream, lines: readonly Text[]): void {
    this.clearStatus();
    stream.write(lines.map((l) => `${safeText(l)}\n`).join(''));
  }
}

function readLine(stdin: NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve) => {
    let buffered = '';
    const finish = (line: string) => {
      stdin.off('data', onData);
      stdin.off('end', onEnd);
      stdin.off('close', onEnd);
      stdin.pause();
      resolve(line);
    };
    const onData = (chunk: Buffer | string) => {
      buffered += chunk.toString();
      const end = buffered.indexOf('\n');
      if (end !== -1) finish(buffered.slice(0, end));
    };
    // End of input (Ctrl+D, a closed pipe) before a full line: no answer, so no.
    const onEnd = () => finish('');
    stdin.on('data', onData);
    stdin.on('end', onEnd);
    stdin.on('close', onEnd);
    stdin.resume();
  });
}
