import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { renderMarkdown } from '../../src/pages/safe-markdown.js';
import { renderActionResult, renderTypedView } from '../../src/pages/typed-view.js';

describe('renderMarkdown', () => {
  it('renders headings, lists, code, bold, italic and http(s) links', () => {
    const html = renderMarkdown('# Title\n\n- one\n- **two**\n\n1. a\n2. *b*\n\n```\nx < y\n```\nsee [docs](https://example.test/a?b=1&c=2) and `a<b>`');
    assert.match(html, /<h3>Title<\/h3>/);
    assert.match(html, /<ul>\n<li>one<\/li>\n<li><strong>two<\/strong><\/li>\n<\/ul>/);
    assert.match(html, /<ol>\n<li>a<\/li>\n<li><em>b<\/em><\/li>\n<\/ol>/);
    assert.match(html, /<pre><code>x &lt; y<\/code><\/pre>/);
    assert.match(html, /<a href="https:\/\/example\.test\/a\?b=1&amp;c=2" rel="noopener noreferrer">docs<\/a>/);
    assert.match(html, /<code>a&lt;b&gt;<\/code>/);
  });

  it('carries no markup of its own: raw HTML, event handlers and script links stay text', () => {
    const html = renderMarkdown('<script>alert(1)</script> <img src=x onerror=alert(1)> [x](javascript:alert(1)) [y](https://a.test/"onmouseover="z)');
    assert.doesNotMatch(html, /<script|<img|href="javascript/);
    assert.match(html, /&lt;script&gt;/);
    assert.doesNotMatch(html, /"onmouseover=/);
  });
});

describe('renderTypedView', () => {
  it('renders text, markdown and tables, escaped', () => {
    assert.equal(renderTypedView({ type: 'text', text: 'a <b>' }), '<pre>a &lt;b&gt;</pre>');
    assert.match(renderTypedView({ type: 'markdown', markdown: '**x**', title: 'T<' }), /^<h3>T&lt;<\/h3><div class="md"><p><strong>x<\/strong><\/p><\/div>$/);
    const table = renderTypedView({ type: 'table', columns: ['a', '<b>'], rows: [['1', '<i>']], truncated: true });
    assert.match(table, /<th scope="col">&lt;b&gt;<\/th>/);
    assert.match(table, /<td>&lt;i&gt;<\/td>/);
    assert.match(table, /\(truncated\)/);
  });

  it('renders a whole action result: view, notifications, host actions as links, warnings', () => {
    const html = renderActionResult({ view: null, notifications: [{ severity: 'warning', message: 'm<' }], hostActions: [{ type: 'openUrl', url: 'https://a.test/"x' }], warnings: ['w'] });
    assert.match(html, /<strong>warning<\/strong> m&lt;/);
    assert.match(html, /<a href="https:\/\/a\.test\/&quot;x"/);
    assert.match(html, /warning: w/);
    assert.match(renderActionResult({ view: null, notifications: [], hostActions: [], warnings: [] }), /Done/);
  });
});
