/**
 * The part of the site's stylesheet a rendered page uses: the rules whose classes and ids all appear in its
 * markup (for at least one of their selectors), with every rule that names neither (elements, attributes,
 * `:root`), the at-rules around them and the keyframes. The server inlines that part in the page's <head>,
 * so the first paint needs no request, and the whole stylesheet follows as a file that never blocks the
 * paint (root.tsx): inlined whole, it was a quarter of a listing's HTML, sent again with every page.
 *
 * Classes that only JavaScript adds later (an open menu, a dialog) are styled by the file, which arrives
 * long before the scripts that could add them have run.
 */

type CssNode =
  | { kind: 'rule'; text: string; needs: string[][] }
  | { kind: 'group'; prelude: string; children: CssNode[] }
  | { kind: 'keep'; text: string };

/** Index of the `}` closing the block whose `{` is at `open`, skipping quoted strings. */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    const c = css[i];
    if (c === '"' || c === "'") {
      const close = css.indexOf(c, i + 1);
      i = close === -1 ? css.length : close;
    } else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
  }
  return css.length;
}

/** Where the next `{` or `;` of a prelude is, skipping quoted strings. */
function preludeEnd(css: string, from: number): number {
  for (let i = from; i < css.length; i++) {
    const c = css[i];
    if (c === '"' || c === "'") {
      const close = css.indexOf(c, i + 1);
      i = close === -1 ? css.length : close;
    } else if (c === '{' || c === ';') return i;
  }
  return css.length;
}

/** Drops `:not(...)`, `:is(...)`, `:where(...)` and `:has(...)`: what they name is not required to be present. */
function withoutFunctionalPseudos(selector: string): string {
  let out = '';
  for (let i = 0; i < selector.length; i++) {
    const match = /^:(not|is|where|has)\(/.exec(selector.slice(i, i + 7));
    if (!match) {
      out += selector[i];
      continue;
    }
    let depth = 0;
    let j = i + match[0].length - 1;
    for (; j < selector.length; j++) {
      if (selector[j] === '(') depth++;
      else if (selector[j] === ')' && --depth === 0) break;
    }
    i = j;
  }
  return out;
}

/** The classes (`.name`) and ids (`#name`) a selector needs, one list per selector of a comma-separated list. */
function selectorNeeds(selectorList: string): string[][] {
  return selectorList.split(',').map((selector) => {
    const needs: string[] = [];
    for (const [, sign, name] of withoutFunctionalPseudos(selector).matchAll(/([.#])(-?[_a-zA-Z][\w-]*)/g))
      needs.push(sign + name);
    return needs;
  });
}

export function parseCss(css: string): CssNode[] {
  const nodes: CssNode[] = [];
  let i = 0;
  while (i < css.length) {
    while (i < css.length && /\s/.test(css[i])) i++;
    if (i >= css.length) break;
    if (css.startsWith('/*', i)) {
      const close = css.indexOf('*/', i + 2);
      i = close === -1 ? css.length : close + 2;
      continue;
    }
    const end = preludeEnd(css, i);
    const prelude = css.slice(i, end).trim();
    if (css[end] !== '{') {
      // @charset, @import, @layer a, b;
      if (prelude) nodes.push({ kind: 'keep', text: `${prelude};` });
      i = end + 1;
      continue;
    }
    const close = blockEnd(css, end);
    const body = css.slice(end + 1, close);
    if (/^@(media|supports|container|layer)\b/.test(prelude))
      nodes.push({ kind: 'group', prelude, children: parseCss(body) });
    else if (prelude.startsWith('@')) nodes.push({ kind: 'keep', text: `${prelude}{${body}}` });
    else nodes.push({ kind: 'rule', text: `${prelude}{${body}}`, needs: selectorNeeds(prelude) });
    i = close + 1;
  }
  return nodes;
}

function serialize(nodes: CssNode[], present: Set<string>): string {
  let out = '';
  for (const node of nodes) {
    if (node.kind === 'keep') out += node.text;
    else if (node.kind === 'rule') {
      if (node.needs.some((needs) => needs.every((token) => present.has(token)))) out += node.text;
    } else {
      const inner = serialize(node.children, present);
      if (inner) out += `${node.prelude}{${inner}}`;
    }
  }
  return out;
}

/** The classes and ids of an HTML document's elements, as `.name` and `#name`. */
export function markupTokens(html: string): Set<string> {
  const present = new Set<string>();
  for (const [, names] of html.matchAll(/\sclass="([^"]*)"/g))
    for (const name of names.split(/\s+/)) if (name) present.add(`.${name}`);
  for (const [, id] of html.matchAll(/\sid="([^"]*)"/g)) present.add(`#${id}`);
  return present;
}

/**
 * A pruner for one stylesheet: `(html) => css` keeps what that document uses. The results are remembered per set
 * of classes and ids (the pages of one route mostly share theirs), so a page costs a scan of its markup.
 */
export function criticalCssFor(css: string, remembered = 64): (html: string) => string {
  const nodes = parseCss(css);
  const cache = new Map<string, string>();
  return (html) => {
    const present = markupTokens(html);
    const key = [...present].sort().join(' ');
    let result = cache.get(key);
    if (result === undefined) {
      result = serialize(nodes, present);
      if (cache.size >= remembered) cache.delete(cache.keys().next().value as string);
      cache.set(key, result);
    }
    return result;
  };
}
