import { useEffect } from 'react';
import { pageTitle } from '@rdv/sectors';
import { sector } from '../sector';

/** The title react-admin renders in the app bar (`<Title>` portals into this element). */
const TITLE_ELEMENT_ID = 'react-admin-title';

/** `Utilisateurs · Administration | Bon Avocat`: the page's title with the docs/product.md §2 title rule. */
export function consoleDocumentTitle(heading: string): string {
  const page = heading.trim() ? `${heading.trim()} · Administration` : 'Administration';
  return pageTitle(page, sector.productName);
}

/** The signed-out pages (sign-in, password reset), outside the layout: their tab carries the product's name too. */
export function useConsoleDocumentTitle(heading: string): void {
  useEffect(() => {
    document.title = consoleDocumentTitle(heading);
  }, [heading]);
}

/**
 * Keeps the browser tab's title in step with the page heading react-admin shows (list, show,
 * edit, custom pages): every page is named and carries the product name.
 */
export function DocumentTitle() {
  useEffect(() => {
    const update = () => {
      const heading = document.getElementById(TITLE_ELEMENT_ID)?.textContent ?? '';
      const next = consoleDocumentTitle(heading);
      if (document.title !== next) document.title = next;
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, []);
  return null;
}
