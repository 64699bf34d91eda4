import { useState, type ReactNode } from 'react';

/**
 * A block of a page whose data the browser may not have (lib/server-rendered.ts): `render` when it has it (the
 * server's render, a client-side navigation), `null` on a page's first load in the browser, where the block
 * keeps the markup the server sent. React does not compare or replace the markup of an element it hydrates with
 * `dangerouslySetInnerHTML`: the block's nodes stay the server's own (images already loading, slots filled in
 * later by components/CardSlots.tsx). It is read once, before React takes the page, so that the element can be
 * rebuilt as it was if it is ever mounted again.
 */
export function ServerRenderedBlock({
  id,
  className,
  render,
}: {
  /** Unique in the page: the browser finds the server's markup by it. */
  id: string;
  className?: string;
  render: (() => ReactNode) | null;
}) {
  const [serverMarkup] = useState(() =>
    render || typeof document === 'undefined' ? '' : (document.getElementById(id)?.innerHTML ?? ''),
  );
  if (render)
    return (
      <div key="rendered" id={id} className={className}>
        {render()}
      </div>
    );
  return (
    <div
      key="kept"
      id={id}
      className={className}
      dangerouslySetInnerHTML={{ __html: serverMarkup }}
      suppressHydrationWarning
    />
  );
}
