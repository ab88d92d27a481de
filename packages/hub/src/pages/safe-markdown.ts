import { escapeHtml } from '../http/html.js';

/**
 * Markdown from a peer rendered as HTML that can carry no markup of its own: the text is escaped first, then a
 * small subset is recognised (headings, paragraphs, bullet and numbered lists, fenced code, inline code,
 * bold, italic, and links to http(s) URLs only). Raw HTML shows as text; `javascript:` links stay text.
 */
export function renderMarkdown(markdown: string): string {
  const out: string[] = [];
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  let list: 'ul' | 'ol' | undefined;
  let paragraph: string[] = [];
  const flush = (): void => {
    if (paragraph.length) out.push(`<p>${paragraph.map(inline).join('<br>')}</p>`);
    paragraph = [];
  };
  const closeList = (): void => {
    if (list) out.push(`</${list}>`);
    list = undefined;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line.startsWith('```')) {
      flush();
      closeList();
      const code: string[] = [];
      while (++i < lines.length && !(lines[i] as string).startsWith('```')) code.push(lines[i] as string);
      out.push(`<pre><code>${escapeHtml(code.join('\n'))}</code></pre>`);
      continue;
    }
    const heading = /^(#{1,4})\s+(.*)$/.exec(line);
    const bullet = /^\s*[-*]\s+(.*)$/.exec(line);
    const numbered = /^\s*\d+[.)]\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      closeList();
      // Inside a page, a peer's headings start below the page's own (h3 and down).
      const level = Math.min(6, (heading[1] as string).length + 2);
      out.push(`<h${level}>${inline(heading[2] as string)}</h${level}>`);
    } else if (bullet || numbered) {
      flush();
      const kind = bullet ? 'ul' : 'ol';
      if (list !== kind) {
        closeList();
        out.push(`<${kind}>`);
        list = kind;
      }
      out.push(`<li>${inline(((bullet ?? numbered) as RegExpExecArray)[1] as string)}</li>`);
    } else if (line.trim() === '') {
      flush();
      closeList();
    } else {
      closeList();
      paragraph.push(line);
    }
  }
  flush();
  closeList();
  return out.join('\n');
}

/** Inline spans of one escaped line: code first (its content is never formatted), then links, bold, italic. */
function inline(text: string): string {
  return text
    .split(/(`[^`]+`)/)
    .map((part) => {
      if (part.startsWith('`') && part.endsWith('`') && part.length > 1) return `<code>${escapeHtml(part.slice(1, -1))}</code>`;
      return escapeHtml(part)
        .replace(/\[([^\]]+)\]\((https?:\/\/[^\s)]+)\)/g, (_m, label: string, url: string) => `<a href="${url}" rel="noopener noreferrer">${label}</a>`)
        .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
        .replace(/(^|[^*])\*([^*]+)\*/g, '$1<em>$2</em>');
    })
    .join('');
}
