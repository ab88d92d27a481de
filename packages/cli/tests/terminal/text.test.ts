import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { escapeUntrusted, joinText, safeText, t, visibleWidth } from '../../src/terminal/text.js';
import { createStyle } from '../../src/terminal/style.js';
import { formatTable } from '../../src/terminal/table.js';

describe('escapeUntrusted', () => {
  it('shows every C0, DEL and C1 character as a visible escape', () => {
    assert.equal(escapeUntrusted('a\u001b[2Kb'), 'a\\x1b[2Kb');
    assert.equal(escapeUntrusted('\u0007\u0000\u007f\u009b\u0085'), '\\x07\\x00\\x7f\\x9b\\x85');
    assert.equal(escapeUntrusted('line\r\nnext\tcol'), 'line\\r\\nnext\\tcol');
  });

  it('shows bidi overrides and invisible marks', () => {
    assert.equal(escapeUntrusted('a\u202eb\u2066c\u200bd\ufeff'), 'a\\u202eb\\u2066c\\u200bd\\ufeff');
  });

  it('keeps printable text, accents and emoji as they are', () => {
    assert.equal(escapeUntrusted('héllo wörld ✔ 🚀 `x` \\n'), 'héllo wörld ✔ 🚀 `x` \\n');
  });

  it('leaves no control character in any string', () => {
    let all = '';
    for (let c = 0; c < 0x3000; c++) all += String.fromCharCode(c);
     
    assert.doesNotMatch(escapeUntrusted(all), /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
  });
});

describe('t and Styled', () => {
  it('escapes interpolated values, trusts the literal parts and Styled values', () => {
    const style = createStyle(true);
    const line = t`${style.red('error:')} name "${'x\u001b]0;pwned\u0007'}"\n${style.bold('\u001b[31m')}`;
    assert.equal(line.text, '\u001b[31merror:\u001b[39m name "x\\x1b]0;pwned\\x07"\n\u001b[1m\\x1b[31m\u001b[22m');
  });

  it('styles escape plain text before wrapping it', () => {
    assert.equal(createStyle(false).bold('a\nb').text, 'a\\nb');
  });

  it('joinText escapes the parts and keeps the separator', () => {
    assert.equal(joinText(['a\r', createStyle(false).dim('b')], ', ').text, 'a\\r, b');
  });

  it('safeText stringifies non-strings', () => {
    assert.equal(safeText(42), '42');
  });
});

describe('formatTable', () => {
  it('aligns columns on what the terminal shows (SGR takes no room, escapes do)', () => {
    const style = createStyle(true);
    const lines = formatTable([
      [style.bold('NAME'), 'STATE'],
      ['a\tb', style.green('enabled')],
      ['long-name', 'x'],
    ]).map((l) => l.text.replace(/\u001b\[[0-9;]*m/g, ''));
    assert.deepEqual(lines, ['NAME       STATE', 'a\\tb       enabled', 'long-name  x']);
    assert.equal(visibleWidth(style.bold('abc')), 3);
  });

  it('counts code points, as the string iterator does: a surrogate pair once, a lone surrogate once', () => {
    assert.equal(visibleWidth('caf\u00e9 \u{1f600}!'), 7);
    assert.equal(visibleWidth('\ud83d'), 1);
    assert.equal(visibleWidth('a\ud83d\ud83d\ude00'), 3);
    assert.equal(visibleWidth(''), 0);
  });

  it('never pads the last column', () => {
    assert.deepEqual(formatTable([['a', 'b'], ['ccc', '']]).map((l) => l.text), ['a    b', 'ccc']);
  });
});
