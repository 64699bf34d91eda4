import { useLocation } from 'react-router';

/** Same list as the gateway's X-Robots-Tag (server/app.js PRIVATE_AREAS) and robots.txt. */
export const PRIVATE_AREAS = /^\/(participant|appointments|events-responses|user|admin)(\/|$)/;

/** `<meta name="robots" content="noindex">` on account and booking pages, whatever their own meta says. */
export function PrivateAreaNoindex() {
  const { pathname } = useLocation();
  return PRIVATE_AREAS.test(pathname) ? <meta name="robots" content="noindex, nofollow" /> : null;
}
