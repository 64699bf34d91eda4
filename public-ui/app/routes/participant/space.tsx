import { Form, NavLink, Outlet } from 'react-router';

/** Layout of the attendee space (docs/product.md §2): side menu "my appointments, my profile" and sign-out. */
export default function AttendeeSpace() {
  return (
    <div className="container page space">
      <nav className="space__menu" aria-label="Mon espace">
        <ul>
          <li>
            <NavLink to="/participant/mes-rdvs">Mes rendez-vous</NavLink>
          </li>
          <li>
            <NavLink to="/participant/profil">Mon profil</NavLink>
          </li>
        </ul>
        <Form method="post" action="/participant/deconnexion">
          <button type="submit" className="link-button space__logout">
            Se déconnecter
          </button>
        </Form>
      </nav>
      <div className="space__content">
        <Outlet />
      </div>
    </div>
  );
}
