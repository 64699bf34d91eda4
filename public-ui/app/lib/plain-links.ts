import { useCallback, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';

/**
 * Links rendered many times per page (a listing's 20 cards: name, office, profile button and three slots each)
 * are plain `<a>` elements instead of React Router `<Link>`s: a `<Link>` runs a dozen hooks on the server for
 * each of them (location, resolved path, navigate, prefetch state), ~120 per listing, where the markup it
 * produces is the same `<a href data-discover="true">`. The page's `<main>` follows them client-side with one
 * delegated click handler (`usePlainLinkNavigation`), and `data-discover` lets React Router discover their
 * routes as it does for its own links. Why: the server rendering cost of the listing.
 */
export function plainLink(href: string): { href: string; 'data-discover': 'true' } {
  return { href, 'data-discover': 'true' };
}

/**
 * Marks an element (a listing's card) whose links are all the public site's own pages: the handler follows each
 * of them client-side, with or without `data-discover`. Only one link per route needs that attribute for React
 * Router to discover the route (a card's name link); the card's slots and profile button, which go to the same
 * route, are bare `<a href>`: 4 attributes fewer per card, 80 in a listing's HTML.
 */
export const PLAIN_LINKS_AREA = { 'data-plain-links': '' } as const;

/**
 * The click handler that gives `plainLink` anchors inside an element `<Link>`'s behaviour: a plain left click
 * on a same-site link navigates client-side; a modified or middle click, a `target`, a `download`, a link a
 * `<Link>` already handled (its handler prevented the default) or any other anchor keeps the browser's own.
 */
export function usePlainLinkNavigation(): (event: MouseEvent<HTMLElement>) => void {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const target = event.target as Element | null;
      const link = target?.closest?.('a[data-discover], [data-plain-links] a');
      if (!link || !event.currentTarget.contains(link)) return;
      const frame = link.getAttribute('target');
      if ((frame && frame !== '_self') || link.hasAttribute('download')) return;
      const href = link.getAttribute('href');
      if (!href || !href.startsWith('/') || href.startsWith('//')) return;
      event.preventDefault();
      navigate(href);
    },
    [navigate],
  );
}
