import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { Sector } from '@rdv/sectors';
import { FOOTER_DELAY_MS, OPEN_CONSENT_EVENT } from '../lib/consent';
import { BrandMark } from './BrandMark';

/**
 * Site footer. Spec §2: it appears 3 s after the page is shown. It is in the server HTML
 * (crawlers see the legal links) but hidden until then.
 */
export function SiteFooter({ sector }: { sector: Sector }) {
  const [visible, setVisible] = useState(false);

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
      </p>
    </footer>
  );
}
