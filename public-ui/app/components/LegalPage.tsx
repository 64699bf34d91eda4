import type { ReactNode } from 'react';

/** Frame of the legal pages: title, last update, readable text width. */
export function LegalPage({
  title,
  updated,
  children,
}: {
  title: string;
  updated: string;
  children: ReactNode;
}) {
  return (
    <article className="container page legal">
      <h1>{title}</h1>
      <p className="legal__updated">Dernière mise à jour : {updated}</p>
      {children}
    </article>
  );
}

/** A company identifier still to be filled in before going live; visible on purpose. */
export function ToFill({ children }: { children: ReactNode }) {
  return <span className="to-fill">[{children}]</span>;
}

export const LEGAL_UPDATED = '22 novembre 2026';
