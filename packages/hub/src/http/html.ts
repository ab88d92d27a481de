/** Text for HTML content or a quoted attribute value: `& < > " '` escaped, and control characters dropped. */
export function escapeHtml(text: unknown): string {
  return String(text)
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g, '')
    .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/** A whole page around `body` (already escaped), titled `title` (escaped here). */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font:15px/1.4 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#222}
.cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(16rem,1fr));gap:1rem;padding:0;list-style:none}
.card{border:1px solid #ccc;border-radius:.5rem;padding:1rem}
.card.off{opacity:.5;background:#f4f4f4}
.reason{font-size:.85em;color:#a33}
.note{font-size:.85em;color:#555}
code{background:#f2f2f2;padding:0 .2em}
</style></head><body>
${body}
</body></html>
`;
}
