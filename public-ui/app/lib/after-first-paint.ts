/**
 * An inline script's text that runs `body` once the page's first frame is painted (two animation frames: the
 * first callback runs just before that paint). What a page fetches from there can never count as holding its first
 * paint, on a busy phone or in Lighthouse's simulation. Used for the whole stylesheet (root.tsx) and the page's
 * scripts (hydration-after-paint.server.ts).
 */
export function afterFirstPaint(body: string): string {
  return `requestAnimationFrame(function(){requestAnimationFrame(function(){${body}})})`;
}

/** `value` as a JavaScript literal that cannot close the inline script it is written in. */
export function scriptLiteral(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
