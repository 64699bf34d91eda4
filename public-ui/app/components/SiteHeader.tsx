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
