import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { criticalCssFor } from './critical-css.server';

const CSS = [
  ':root{--primary:#b3261e}',
  'body{margin:0}',
  '.card{padding:1rem}',
  '.card__title{font-weight:700}',
  '.dialog{position:fixed}',
  '.card .badge,.tag{color:red}',
  '.results:has(.results__rest:not(:target))+.pagination{display:none}',
  '#prendre-rendez-vous{scroll-margin-top:4rem}',
  '[hidden]{display:none!important}',
  'a[href$=".pdf"]{padding-right:1rem}',
  '@media (min-width:64rem){.card{padding:2rem}.dialog{inset:0}}',
  '@keyframes spin{to{transform:rotate(1turn)}}',
  '.mask{mask:url("data:image/svg+xml,<svg>{}</svg>")}',
].join('');

describe('the part of the stylesheet a page uses', () => {
  const critical = criticalCssFor(CSS);

  it('keeps the rules of the classes and ids in the markup, with the element, attribute and root rules', () => {
    const css = critical(
      '<main><article class="card"><h2 class="card__title" id="pro-1">A</h2></article></main>',
    );
    expect(css).toContain(':root{--primary:#b3261e}');
    expect(css).toContain('body{margin:0}');
    expect(css).toContain('.card{padding:1rem}');
    expect(css).toContain('.card__title{font-weight:700}');
    expect(css).toContain('[hidden]{display:none!important}');
    expect(css).toContain('a[href$=".pdf"]{padding-right:1rem}');
    expect(css).toContain('@media (min-width:64rem){.card{padding:2rem}}');
    expect(css).toContain('@keyframes spin{to{transform:rotate(1turn)}}');
  });

  it('leaves out the rules of what the page does not show', () => {
    const css = critical('<article class="card"></article>');
    expect(css).not.toContain('.dialog');
    expect(css).not.toContain('.tag');
    expect(css).not.toContain('#prendre-rendez-vous');
    expect(css).not.toContain('.mask');
    expect(css).not.toContain('.pagination');
  });

  it('keeps a rule when one of its selectors matches, and needs every class of a selector', () => {
    expect(critical('<span class="tag"></span>')).toContain('.card .badge,.tag{color:red}');
    expect(critical('<span class="badge"></span>')).not.toContain('.badge');
    expect(critical('<div class="card"><span class="badge"></span></div>')).toContain('.card .badge,.tag');
  });

  it('does not require what :not() and :has() name, and reads braces inside strings', () => {
    expect(critical('<div class="results"></div><nav class="pagination"></nav>')).toContain(
      '.results:has(.results__rest:not(:target))+.pagination{display:none}',
    );
    expect(critical('<i class="mask"></i>')).toContain('.mask{mask:url("data:image/svg+xml,<svg>{}</svg>")}');
    expect(critical('<i class="mask"></i>')).toContain('@keyframes spin');
  });

  it('keeps every rule of the site stylesheet when every class and id is present', () => {
    const appCss = readFileSync(path.join(__dirname, '../app.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    const tokens = new Set([...appCss.matchAll(/[.#](-?[_a-zA-Z][\w-]*)(?=[^{}]*\{)/g)].map((m) => m[0]));
    const classes = [...tokens].filter((t) => t.startsWith('.')).map((t) => t.slice(1));
    const ids = [...tokens].filter((t) => t.startsWith('#')).map((t) => t.slice(1));
    const html = `<div class="${classes.join(' ')}">${ids.map((id) => `<p id="${id}"></p>`).join('')}</div>`;
    const kept = criticalCssFor(appCss)(html);
    const squash = (css: string) => css.replace(/\s+/g, '');
    expect(squash(kept).length).toBe(squash(appCss).length);
  });
});
