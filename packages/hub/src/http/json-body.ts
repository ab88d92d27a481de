import type { IncomingMessage } from 'node:http';

/** Largest JSON body the hub API reads, in bytes. */
export const MAX_JSON_BODY_BYTES = 256 * 1024;

/**
 * The request's body parsed as JSON, or a refusal: not JSON content, over {@link MAX_JSON_BODY_BYTES} (the
 * rest is not read), or not parseable. An empty body is `undefined`.
 */
export async function readJsonBody(req: IncomingMessage): Promise<{ value: unknown } | { refused: string; status: number }> {
  const type = req.headers['content-type'];
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_JSON_BODY_BYTES) {
      req.resume();
      return { refused: `the body is over ${MAX_JSON_BODY_BYTES} bytes`, status: 413 };
    }
    chunks.push(chunk);
  }
  if (size === 0) return { value: undefined };
  if (typeof type !== 'string' || !/^application\/json\b/i.test(type)) return { refused: 'the body must be JSON (Content-Type: application/json)', status: 415 };
  try {
    return { value: JSON.parse(Buffer.concat(chunks).toString('utf8')) };
  } catch (error) {
    return { refused: `the body is not valid JSON: ${(error as Error).message}`, status: 400 };
  }
}
