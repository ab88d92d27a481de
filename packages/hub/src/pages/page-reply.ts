import type { ServerResponse } from 'node:http';
import { escapeHtml } from '../http/html.js';
import { replyHtml } from '../http/reply.js';

/**
 * How a page operation answers. The pages' script asks for NDJSON (`Accept: application/x-ndjson`) and gets
 * progress and partial results as they come, then one final line; a browser without the script gets an HTML
 * page with the outcome and a link home. Every HTML fragment passed in is already escaped.
 */
export class PageReply {
  readonly #res: ServerResponse;
  readonly #stream: boolean;
  readonly #partials: string[] = [];
  #started = false;

  constructor(res: ServerResponse, accept: string | undefined) {
    this.#res = res;
    this.#stream = /application\/x-ndjson/.test(accept ?? '');
  }

  /** A progress line (text, and a percentage 0–100 when known); dropped without the script. */
  progress(text: string, percent?: number): void {
    this.#line({ progress: text, ...(percent !== undefined ? { percent } : {}) });
  }

  /** A part of the result as it arrives (a provider's answer). */
  partial(html: string): void {
    this.#partials.push(html);
    this.#line({ partial: html });
  }

  /** The final success: `html` (escaped) or a plain `message`; `location` to go to afterwards. */
  done(result: { message?: string; html?: string; location?: string }): void {
    if (this.#stream) return this.#end({ ok: true, ...result });
    const text = result.html ?? `<p>${escapeHtml(result.message ?? 'Done.')}</p>`;
    this.#page(200, text);
  }

  /** The final refusal or failure, with its fix and the HTTP status it has without the script. */
  fail(status: number, error: string, { fix, code }: { fix?: string | undefined; code?: string | undefined } = {}): void {
    if (this.#stream) return this.#end({ ok: false, error, ...(fix ? { fix } : {}), ...(code ? { code } : {}) }, status);
    this.#page(status, `<p class="problem">${escapeHtml(error)}</p>${fix ? `<p>Fix: ${escapeHtml(fix)}</p>` : ''}`);
  }

  #line(value: Record<string, unknown>, status = 200): void {
    if (!this.#stream || this.#res.writableEnded) return;
    if (!this.#started) {
      this.#started = true;
      this.#res.writeHead(status, { 'content-type': 'application/x-ndjson; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
    }
    this.#res.write(`${JSON.stringify(value)}\n`);
  }

  #end(value: Record<string, unknown>, status = 200): void {
    this.#line(value, status);
    this.#res.end();
  }

  #page(status: number, html: string): void {
    replyHtml(this.#res, status, `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Result</title></head><body><main>${this.#partials.join('')}${html}<p><a href="/">Back to the home page</a></p></main></body></html>`);
  }
}
