import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from './session';
import { FullPageSpinner } from '../components/FullPageSpinner';

/** Guard of every non-public `/user/*` page (docs/product.md §6): no session, back to the login page. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <FullPageSpinner />;
  if (!session.data) {
    return <Navigate to="/connexion" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  return <Outlet />;
}
