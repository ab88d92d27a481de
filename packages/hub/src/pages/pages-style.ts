/**
 * The pages' one stylesheet (served as `/ui/pages.css`). Light and dark by `prefers-color-scheme`; every
 * text colour keeps AA contrast on its background (greyed states included: they are marked by a border and
 * a label, not by fading the text); readable at 320 px (one column, wrapping tables).
 */
export const PAGES_STYLE = `:root{--bg:#fff;--fg:#1b1b1b;--muted:#4a4a4a;--line:#8a8a8a;--card:#f6f6f6;--link:#0b57a4;--ok:#1d6b2a;--warn:#7a4d00;--bad:#a0201c;--code:#ececec;--focus:#b35c00}
@media (prefers-color-scheme:dark){:root{--bg:#151515;--fg:#ececec;--muted:#c4c4c4;--line:#7a7a7a;--card:#222;--link:#8cc4ff;--ok:#7fd88f;--warn:#f2c26b;--bad:#ff9a94;--code:#2c2c2c;--focus:#ffb35c}}
*{box-sizing:border-box}
body{font:15px/1.45 system-ui,sans-serif;margin:0;background:var(--bg);color:var(--fg)}
a{color:var(--link)}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.skip{position:absolute;left:-999px}.skip:focus{left:.5rem;top:.5rem;background:var(--bg);padding:.3rem}
header{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center;padding:.6rem 1rem;border-bottom:1px solid var(--line)}
header nav a{margin-right:.8rem}
header form{margin-left:auto;display:flex;gap:.3rem;flex-wrap:wrap}
main{max-width:64rem;margin:0 auto;padding:0 1rem 3rem}
h1{font-size:1.5rem}h2{font-size:1.2rem;margin-top:2rem}h3{font-size:1.05rem;margin:.2rem 0}
.cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(17rem,1fr));gap:1rem;padding:0;list-style:none}
.card{border:1px solid var(--line);border-radius:.5rem;padding:.8rem;background:var(--card);min-width:0;overflow-wrap:anywhere}
.card.off{border-style:dashed}
.state{display:inline-block;border:1px solid currentColor;border-radius:1rem;padding:0 .5rem;font-size:.85em;font-weight:600}
.s-ok{color:var(--ok)}.s-warn{color:var(--warn)}.s-bad{color:var(--bad)}.s-off{color:var(--muted)}
.muted,.contrib{color:var(--muted);font-size:.9em}
.problem{color:var(--bad);font-size:.9em}
.fix code{white-space:normal}
.row{display:flex;flex-wrap:wrap;gap:.4rem;margin-top:.5rem;align-items:center}
form.inline{display:inline}
button,input,select,textarea{font:inherit;color:var(--fg);background:var(--bg);border:1px solid var(--line);border-radius:.3rem;padding:.25rem .6rem;max-width:100%}
button{cursor:pointer;background:var(--card)}
button:disabled{cursor:wait}
code,pre{background:var(--code);padding:0 .2em;border-radius:.2rem;overflow-wrap:anywhere}
pre{padding:.5rem;overflow:auto;white-space:pre-wrap}
table{border-collapse:collapse;width:100%;display:block;overflow-x:auto}
th,td{border-bottom:1px solid var(--line);padding:.3rem .5rem;text-align:left;vertical-align:top}
th button{border:0;background:none;padding:0;font-weight:700}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem}dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
.result{margin-top:.5rem;border-left:3px solid var(--line);padding:.2rem .6rem}.result.ok{border-color:var(--ok)}.result.bad{border-color:var(--bad);color:var(--bad)}
.sev-error{color:var(--bad)}.sev-warning{color:var(--warn)}.sev-ok{color:var(--ok)}
fieldset{border:1px solid var(--line);border-radius:.4rem;margin:.5rem 0}
label{display:block;margin:.3rem 0}
label.check{display:flex;gap:.4rem;align-items:flex-start}
.sensitive{color:var(--warn);font-weight:700}
iframe{width:100%;min-height:20rem;border:1px solid var(--line)}
@media (max-width:30rem){dl{grid-template-columns:1fr}header form{margin-left:0}}
`;
