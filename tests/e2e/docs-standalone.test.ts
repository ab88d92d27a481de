// The docs and the README stand alone: they never send the reader to the design notes kept beside the
// repository, every relative link leads to a file of the repository (and every #anchor to a heading), and
// no link leaves the machine except to a loopback address.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { REPO_ROOT } from './lib/fixture-home.js';

const files = [...readdirSync(join(REPO_ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => join(REPO_ROOT, 'docs', f)), join(REPO_ROOT, 'README.md')];

/** GitHub-style anchor of a heading: lowercase, punctuation dropped, spaces to `-`. */
function anchor(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-');
}

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchor(m[1] as string)));
}

describe('the docs stand alone', () => {
  it('name no design document outside the repository', () => {
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      assert.doesNotMatch(text, /DESIGN|§/, `${relative(REPO_ROOT, file)} refers to the design notes`);
    }
  });

  it('link only to files of the repository and to headings that exist', () => {
    const broken: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
      for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = m[1] as string;
        const where = `${relative(REPO_ROOT, file)} → ${target}`;
        if (/^[a-z]+:/i.test(target)) {
          if (!/^https?:\/\/(127\.0\.0\.1|localhost)([:/]|$)/.test(target)) broken.push(`${where} (leaves the repository)`);
          continue;
        }
        const [path = '', hash] = target.split('#');
        const resolved = path ? join(dirname(file), path) : file;
        if (!resolved.startsWith(REPO_ROOT) || !existsSync(resolved)) broken.push(`${where} (no such file)`);
        else if (hash && resolved.endsWith('.md') && !anchorsOf(resolved).has(hash)) broken.push(`${where} (no such heading)`);
      }
    }
    assert.deepEqual(broken, []);
  });

  it('the README links every page of docs/', () => {
    const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
    const pages = readdirSync(join(REPO_ROOT, 'docs')).filter((f) => f.endsWith('.md'));
    assert.deepEqual(pages.filter((page) => !readme.includes(`](docs/${page})`)), []);
  });
});
