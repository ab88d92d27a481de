// Scrapes a hub's /metrics with its token and reads samples through a real Prometheus text parser.
import parsePrometheusTextFormat, { type ParsedFamily } from 'parse-prometheus-text-format';

/** One scrape: the raw text and the parsed families. */
export interface Scrape {
  text: string;
  families: ParsedFamily[];
  /** The value of the sample of `name` whose labels include `labels` (0 when absent); for a histogram, its count. */
  value(name: string, labels?: Record<string, string>): number;
}

/** GETs `/metrics` of the hub at `port`; throws unless it answers 200 with Prometheus text. */
export async function scrape(port: number, token: string): Promise<Scrape> {
  const res = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { 'x-outboard-token': token } });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`/metrics answered ${res.status}: ${text}`);
  if (!String(res.headers.get('content-type')).startsWith('text/plain')) throw new Error(`/metrics is ${res.headers.get('content-type')}`);
  const families = parsePrometheusTextFormat(text);
  return {
    text,
    families,
    value: (name, labels = {}) => {
      const family = families.find((f) => f.name === name);
      // The parser folds the series of a labelled histogram into one (its known limitation): a histogram's
      // count is read from its own `_count` series of the same text instead.
      if (family?.type === 'HISTOGRAM') return histogramCount(text, name, labels);
      const sample = family?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
      if (!sample) return 0;
      return Number(sample.value ?? sample.count ?? 0);
    },
  };
}

/** The `<name>_count` sample whose labels include `labels`, from the text (0 when absent). */
function histogramCount(text: string, name: string, labels: Record<string, string>): number {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}_count`)) continue;
    const at = line.lastIndexOf(' ');
    const head = line.slice(0, at);
    if (Object.entries(labels).every(([k, v]) => head.includes(`${k}=${JSON.stringify(v)}`))) return Number(line.slice(at + 1));
  }
  return 0;
}
