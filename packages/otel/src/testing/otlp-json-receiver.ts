import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An OTLP attribute value as sent in OTLP/JSON, decoded to a plain value. */
export type DecodedValue = string | number | boolean | null | DecodedValue[] | { [key: string]: DecodedValue };

/** One log record as received, with the resource's attributes beside it. */
export interface ReceivedLogRecord {
  readonly resource: Record<string, DecodedValue>;
  readonly scope: string;
  readonly timeUnixNano: string | undefined;
  readonly eventName: string | undefined;
  readonly severityText: string | undefined;
  readonly body: DecodedValue | undefined;
  readonly attributes: Record<string, DecodedValue>;
}

/** One span as received. */
export interface ReceivedSpan {
  readonly resource: Record<string, DecodedValue>;
  readonly name: string;
  readonly kind: number | undefined;
  readonly startTimeUnixNano: string;
  readonly endTimeUnixNano: string;
  /** OTLP status code: 0 unset, 1 ok, 2 error. */
  readonly statusCode: number;
  readonly attributes: Record<string, DecodedValue>;
}

/**
 * A minimal OTLP/HTTP receiver on 127.0.0.1 for tests and local checks: it accepts `POST /v1/logs` and
 * `/v1/traces` in OTLP/JSON (what the JS OTLP/HTTP exporters send), keeps every byte it got, and decodes the
 * log records and spans. Anything else is answered 404 (a protobuf body 415), and kept in `raw` all the same.
 */
export class OtlpJsonReceiver {
  readonly #server: Server;
  readonly #logs: ReceivedLogRecord[] = [];
  readonly #spans: ReceivedSpan[] = [];
  readonly #raw: Buffer[] = [];
  readonly #headers: Array<Record<string, string | string[] | undefined>> = [];
  readonly #waiters = new Set<() => void>();

  private constructor() {
    this.#server = createServer((req, res) => void this.#receive(req, res));
  }

  /** Starts one on a free port of 127.0.0.1. */
  static async start(): Promise<OtlpJsonReceiver> {
    const receiver = new OtlpJsonReceiver();
    await new Promise<void>((resolve) => receiver.#server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  /** `http://127.0.0.1:<port>`: the value of `OTEL_EXPORTER_OTLP_ENDPOINT`. */
  get endpoint(): string {
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  /** Every log record received so far. */
  get logRecords(): readonly ReceivedLogRecord[] {
    return this.#logs;
  }

  /** Every span received so far. */
  get spans(): readonly ReceivedSpan[] {
    return this.#spans;
  }

  /** The headers of every request received, in order. */
  get requestHeaders(): ReadonlyArray<Record<string, string | string[] | undefined>> {
    return this.#headers;
  }

  /** Every byte of every request body received, in order (for greps). */
  rawText(): string {
    return Buffer.concat(this.#raw).toString('utf8');
  }

  /** Resolves once `check()` holds after a request, or rejects naming `what` after `timeoutMs` (default 10000). */
  until(what: string, check: () => boolean, timeoutMs = 10_000): Promise<void> {
    return new Promise((resolve, reject) => {
      if (check()) return resolve();
      const timer = setTimeout(() => {
        this.#waiters.delete(waiter);
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what} (got ${this.#logs.length} log records, ${this.#spans.length} spans)`));
      }, timeoutMs);
      const waiter = (): void => {
        if (!check()) return;
        clearTimeout(timer);
        this.#waiters.delete(waiter);
        resolve();
      };
      this.#waiters.add(waiter);
    });
  }

  /** Stops listening and closes its connections. */
  close(): Promise<void> {
    return new Promise((resolve) => {
      this.#server.close(() => resolve());
      this.#server.closeAllConnections();
    });
  }

  async #receive(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    this.#raw.push(body);
    this.#headers.push(req.headers);
    const json = String(req.headers['content-type'] ?? '').startsWith('application/json');
    if (req.method !== 'POST' || (req.url !== '/v1/logs' && req.url !== '/v1/traces')) return void res.writeHead(404).end();
    if (!json) return void res.writeHead(415).end();
    const message = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
    if (req.url === '/v1/logs') this.#logs.push(...decodeLogs(message));
    else this.#spans.push(...decodeSpans(message));
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    for (const waiter of [...this.#waiters]) waiter();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- OTLP/JSON is walked field by field, each converted where read
type Json = Record<string, any>;

function decodeLogs(message: Json): ReceivedLogRecord[] {
  return (message['resourceLogs'] ?? []).flatMap((rl: Json) => {
    const resource = attributesOf(rl['resource']?.attributes);
    return (rl['scopeLogs'] ?? []).flatMap((sl: Json) =>
      (sl['logRecords'] ?? []).map((r: Json) => ({
        resource,
        scope: String(sl['scope']?.name ?? ''),
        timeUnixNano: r['timeUnixNano'] === undefined ? undefined : String(r['timeUnixNano']),
        eventName: r['eventName'],
        severityText: r['severityText'],
        body: r['body'] === undefined ? undefined : valueOf(r['body']),
        attributes: attributesOf(r['attributes']),
      })),
    );
  });
}

function decodeSpans(message: Json): ReceivedSpan[] {
  return (message['resourceSpans'] ?? []).flatMap((rs: Json) => {
    const resource = attributesOf(rs['resource']?.attributes);
    return (rs['scopeSpans'] ?? []).flatMap((ss: Json) =>
      (ss['spans'] ?? []).map((s: Json) => ({
        resource,
        name: String(s['name']),
        kind: s['kind'],
        startTimeUnixNano: String(s['startTimeUnixNano']),
        endTimeUnixNano: String(s['endTimeUnixNano']),
        statusCode: Number(s['status']?.code ?? 0),
        attributes: attributesOf(s['attributes']),
      })),
    );
  });
}

function attributesOf(list: Json[] | undefined): Record<string, DecodedValue> {
  const out: Record<string, DecodedValue> = {};
  for (const { key, value } of list ?? []) out[String(key)] = valueOf(value);
  return out;
}

/** An OTLP/JSON AnyValue: one of string, bool, int (a decimal string in JSON), double, array, kvlist. */
function valueOf(value: Json | undefined): DecodedValue {
  if (value === undefined || value === null) return null;
  if ('stringValue' in value) return String(value['stringValue']);
  if ('boolValue' in value) return Boolean(value['boolValue']);
  if ('intValue' in value) return Number(value['intValue']);
  if ('doubleValue' in value) return Number(value['doubleValue']);
  if ('arrayValue' in value) return (value['arrayValue']?.values ?? []).map(valueOf);
  if ('kvlistValue' in value) return attributesOf(value['kvlistValue']?.values);
  return null;
}
