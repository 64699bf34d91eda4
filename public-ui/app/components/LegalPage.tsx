import { createContext, useContext, type ReactNode } from 'react';
import { siteConfigText, type SiteConfig } from '../lib/site-config';

const LegalConfig = createContext<SiteConfig | null>(null);

/** Frame of the legal pages: title, last update, readable text width. */
export function LegalPage({
  title,
  updated,
  config = null,
  children,
}: {
  title: string;
  updated: string;
  /** The site configuration (company identity, contact) the `ToFill` fields read. */
  config?: SiteConfig | null;
  children: ReactNode;
}) {
  return (
    <LegalConfig.Provider value={config}>
      <article className="container page legal">
        <h1>{title}</h1>
        <p className="legal__updated">Dernière mise à jour : {updated}</p>
        {children}
      </article>
    </LegalConfig.Provider>
  );
}

/**
 * A company identifier from the site configuration (`field`: `company.name`, `contact.email`...).
 * Until an administrator fills it in the console, a visible placeholder `[label]`.
 */
export function ToFill({ field, children }: { field: string; children: ReactNode }) {
  const value = siteConfigText(useContext(LegalConfig), field);
  if (value) return <>{value}</>;
  return <span className="to-fill">[{children}]</span>;
}

export const LEGAL_UPDATED = '22 novembre 2026';
