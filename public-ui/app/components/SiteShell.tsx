import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { Sector } from '@rdv/sectors';
import { SiteHeader } from './SiteHeader';
import { SiteFooter } from './SiteFooter';
import { usePlainLinkNavigation } from '../lib/plain-links';
import { CookieCard } from './CookieCard';
import type { FooterConfig } from '../lib/site-config';

/** Default layout (docs/product.md §2): header hidden on the home page and on the cities list. */
export function SiteShell({
  sector,
  siteConfig = null,
  children,
}: {
  sector: Sector;
  /** Footer contact, social links and company name. */
  siteConfig?: FooterConfig | null;
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  const path = pathname.replace(/\/+$/, '') || '/';
  const showHeader = path !== '/' && path !== `/${sector.routes.directory}`;
  const followPlainLink = usePlainLinkNavigation();
  return (
    <>
      <a className="skip-link" href="#contenu">
        Aller au contenu
      </a>
      {showHeader && <SiteHeader sector={sector} />}
      {/* Not an interaction of <main> itself: the clicks of the plain links inside it (lib/plain-links.ts),
          which the keyboard activates like any link. */}
      <main id="contenu" tabIndex={-1} onClick={followPlainLink}>
        {children}
      </main>
      <SiteFooter sector={sector} siteConfig={siteConfig} />
      <CookieCard />
    </>
  );
}
