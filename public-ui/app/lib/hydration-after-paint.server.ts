/**
 * A rendered page whose scripts start once its first frame is painted, as the whole stylesheet does (root.tsx).
 *
 * React Router's `<Scripts>` writes a `<link rel="modulepreload">` for each module of the entry and the page's routes
 * and an inline module script that imports them and starts hydration. The server's HTML is the whole page: it
 * paints, and its links work, before any script has run. Requested from the head, the modules (130 kB gzipped, the
 * framework most of it) share a slow connection with the paint's own requests, and on a busy phone they can end
 * before the first paint, which Lighthouse's simulation then counts as blocking it (its first and largest
 * contentful paints went from 0.7 to 2.0 s on this page when they did).
 *
 * So the server moves both out of the parser's reach: an inline classic script waits two animation frames (the
 * first paint is done by then), then adds the same preload links, which fetch the modules in parallel as before, and
 * the same module script, under the page's nonce. Hydration starts one paint later; nothing else changes.
 * Without JavaScript nothing runs, as before.
 */

import { afterFirstPaint, scriptLiteral } from './after-first-paint';

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
const BOOTSTRAP = /<script nonce="[^"]*" type="module" async="">([\s\S]*?)<\/script>/;

export function withHydrationAfterPaint(html: string, nonce: string): string {
  const bootstrap = BOOTSTRAP.exec(html);
  // A page React Router did not bootstrap (an error document, say) is left as it is.
  if (!bootstrap) return html;
  const modules = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const loader = afterFirstPaint(
    `${scriptLiteral(modules)}.forEach(function(h){var l=document.createElement('link');l.rel='modulepreload';l.href=h;document.head.appendChild(l)});` +
      `var s=document.createElement('script');s.type='module';s.nonce=${scriptLiteral(nonce)};s.textContent=${scriptLiteral(bootstrap[1]!)};document.body.appendChild(s)`,
  );
  return html
    .replace(MODULE_PRELOAD, '')
    .replace(bootstrap[0], () => `<script nonce="${nonce}">${loader}</script>`);
}
