import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { Sector } from '@rdv/sectors';
import { FOOTER_DELAY_MS, OPEN_CONSENT_EVENT } from '../lib/consent';
import { BrandMark } from './BrandMark';
import type { FooterConfig } from '../lib/site-config';

const SOCIAL_LABELS = { facebook: 'Facebook', linkedin: 'LinkedIn', x: 'X', instagram: 'Instagram' } as const;

/**
 * Site footer. docs/product.md §2: it appears 3 s after the page is shown. It is in the server HTML
 * (crawlers see the legal links) but hidden until then.
 */
export function SiteFooter({
  sector,
  siteConfig = null,
}: {
  sector: Sector;
  siteConfig?: FooterConfig | null;
}) {
  const [visible, setVisible] = useState(false);
  const contact = siteConfig?.contact;
  const socials = (Object.keys(SOCIAL_LABELS) as Array<keyof typeof SOCIAL_LABELS>)
    .map((key) => ({ key, label: SOCIAL_LABELS[key], href: contact?.social?.[key] }))
    .filter((link): link is typeof link & { href: string } => Boolean(link.href));

  useEffect(() => {
    const timer = window.setTimeout(() => setVisible(true), FOOTER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  return (
    <footer className="site-footer" hidden={!visible}>
      <div className="container site-footer__grid">
        <div>
          <BrandMark sector={sector} />
          <p className="site-footer__pitch">
            L’annuaire pour trouver {sector.words.indefinite} et prendre rendez-vous en ligne, partout en
            France.
          </p>
          {(contact?.phone || contact?.email) && (
            <address className="site-footer__contact">
              {contact.phone && <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>{contact.phone}</a>}
              {contact.phone && contact.email && ' · '}
              {contact.email && <a href={`mailto:${contact.email}`}>{contact.email}</a>}
            </address>
          )}
          {socials.length > 0 && (
            <ul className="site-footer__social" aria-label="Réseaux sociaux">
              {socials.map((link) => (
                <li key={link.key}>
                  <a href={link.href} rel="noopener noreferrer" target="_blank">
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        <nav aria-label="Liens du site">
          <h2 className="site-footer__title">Le service</h2>
          <ul>
            <li>
              <Link to={`/${sector.routes.directory}`}>Annuaire par ville</Link>
            </li>
            <li>
              <Link to="/domaines-de-competences">{sector.specialitiesLabel}</Link>
            </li>
            <li>
              <Link to="/demande-inscription">Vous êtes {sector.words.singular} ?</Link>
            </li>
            <li>
              <Link to="/participant/mes-rdvs">Mes rendez-vous</Link>
            </li>
            <li>
              <a href="/user/connexion">Espace professionnel</a>
            </li>
          </ul>
        </nav>
        <nav aria-label="Informations légales">
          <h2 className="site-footer__title">Informations</h2>
          <ul>
            <li>
              <Link to="/mentions-legales">Mentions légales</Link>
            </li>
            <li>
              <Link to="/cgu">Conditions générales d’utilisation</Link>
            </li>
            <li>
              <Link to="/cgv">Conditions générales de vente</Link>
            </li>
            <li>
              <Link to="/politique-de-confidentialite">Politique de confidentialité</Link>
            </li>
            <li>
              <button
                type="button"
                className="link-button"
                onClick={() => window.dispatchEvent(new Event(OPEN_CONSENT_EVENT))}
              >
                Gérer les cookies
              </button>
            </li>
          </ul>
        </nav>
      </div>
      <p className="container site-footer__legal">
        © {new Date().getFullYear()} {sector.productName}
        {siteConfig?.company?.name ? ` · ${siteConfig.company.name}` : ''}
      </p>
    </footer>
  );
}
