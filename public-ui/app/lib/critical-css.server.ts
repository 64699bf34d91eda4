/**
 * The part of the site's stylesheet a rendered page uses: the rules whose classes and ids all appear in its
 * markup (for at least one of their selectors), with every rule that names neither (elements, attributes,
 * `:root`), the at-rules around them and the keyframes. The server inlines that part in the page's <head>,
 * so the first paint needs no request, and the whole stylesheet follows as a file that never blocks the
 * paint (root.tsx): inlined whole, it was a quarter of a listing's HTML, sent again with every page.
 *
 * Classes that only JavaScript adds later (an open menu, a dialog) are styled by the file, which arrives
 * long before the scripts that could add them have run.
 *
 * PostCSS reads the stylesheet and postcss-selector-parser its selectors (strings, escapes, attribute values and
 * nested pseudo-classes included); what is ours is which rules a page keeps, and the cache.
 */

import postcss, { type ChildNode } from 'postcss';
import selectorParser, { type Selector } from 'postcss-selector-parser';

type CssNode =
  | { kind: 'rule'; text: string; needs: string[][] }
  | { kind: 'group'; open: string; children: CssNode[] }
  | { kind: 'keep'; text: string };

/** The at-rules whose rules are pruned one by one; every other at-rule (keyframes, font faces, ...) is kept whole. */
const GROUPS = new Set(['media', 'supports', 'container', 'layer']);

/** Selectors in these pseudo-classes are not required to be present (`:has(.x:not(:target))`). */
const OPTIONAL = new Set([':not', ':is', ':where', ':has']);

/** The classes (`.name`) and ids (`#name`) a selector needs, outside `:not()`, `:is()`, `:where()` and `:has()`. */
function needsOf(selector: Selector): string[] {
  const needs: string[] = [];
  for (const node of selector.nodes) {
    if (node.type === 'class') needs.push(`.${node.value}`);
    else if (node.type === 'id') needs.push(`#${node.value}`);
    else if (node.type === 'pseudo' && !OPTIONAL.has(node.value.toLowerCase()))
      for (const inner of node.nodes) needs.push(...needsOf(inner));
  }
  return needs;
}

/** One list of needs per selector of a comma-separated list. */
function selectorNeeds(selectorList: string): string[][] {
  const needs: string[][] = [];
  selectorParser((root) => root.each((selector) => void needs.push(needsOf(selector)))).processSync(
    selectorList,
  );
  return needs;
}

function fromPostcss(nodes: ChildNode[]): CssNode[] {
  const out: CssNode[] = [];
  for (const node of nodes) {
    if (node.type === 'rule')
      out.push({ kind: 'rule', text: node.toString(), needs: selectorNeeds(node.selector) });
    else if (node.type === 'atrule' && node.nodes && GROUPS.has(node.name.toLowerCase()))
      out.push({
        kind: 'group',
        open: `@${node.name}${node.raws.afterName ?? ' '}${node.params}${node.raws.between ?? ''}{`,
        children: fromPostcss(node.nodes),
      });
    // @charset, @import and `@layer a, b;` are statements: their `;` belongs to the parent's serialization.
    else if (node.type === 'atrule')
      out.push({ kind: 'keep', text: node.nodes ? node.toString() : `${node.toString()};` });
  }
  return out;
}

export function parseCss(css: string): CssNode[] {
  return fromPostcss(postcss.parse(css).nodes);
}

function serialize(nodes: CssNode[], present: Set<string>): string {
  let out = '';
  for (const node of nodes) {
    if (node.kind === 'keep') out += node.text;
    else if (node.kind === 'rule') {
      if (node.needs.some((needs) => needs.every((token) => present.has(token)))) out += node.text;
    } else {
      const inner = serialize(node.children, present);
      if (inner) out += `${node.open}${inner}}`;
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
