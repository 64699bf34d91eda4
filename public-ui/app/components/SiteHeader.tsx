import { Link, NavLink } from 'react-router';
import type { Sector } from '@rdv/sectors';
import { BrandMark } from './BrandMark';

export function SiteHeader({ sector }: { sector: Sector }) {
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to="/" className="site-header__brand" aria-label={`${sector.productName}, accueil`}>
          <BrandMark sector={sector} />
        </Link>
        <nav aria-label="Navigation principale">
          <ul className="site-nav">
            <li className="site-nav__wide">
              <NavLink to={`/${sector.routes.directory}`}>Trouver {sector.words.indefinite}</NavLink>
            </li>
            <li className="site-nav__wide">
              <NavLink to="/domaines-de-competences">{sector.specialitiesLabel}</NavLink>
            </li>
            <li>
              {/* The attendee space (sign-in page when signed out): an icon on phones, words on wider screens. */}
              <NavLink to="/participant/mes-rdvs" className="site-nav__account">
                <svg
                  aria-hidden="true"
                  width="22"
                  height="22"
                  viewBox="0 0 24 24"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                >
                  <circle cx="12" cy="8" r="4" />
                  <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" strokeLinecap="round" />
                </svg>
                <span className="site-nav__account-text">Mes rendez-vous</span>
              </NavLink>
            </li>
            <li>
              <a href="/user/connexion" className="site-nav__pro">
                Espace pro
              </a>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
