import { redirect } from 'react-router';
import type { Route } from './+types/sign-out';
import { callApi, clearAttendeeCookie, readAttendeeToken } from '../../lib/attendee-session.server';

/** POST /participant/deconnexion: tells the API (GET /api/v1/auth/attendee/logout), drops the cookie. */
export async function action({ request }: Route.ActionArgs) {
  const token = readAttendeeToken(request);
  if (token)
    await callApi(
      request,
      (api) => api.GET('/api/v1/auth/{kind}/logout', { params: { path: { kind: 'attendee' } } }),
      { token },
    );
  return redirect('/', { headers: { 'set-cookie': clearAttendeeCookie(request) } });
}

/** A GET (typed address, old link) signs nobody out: back to the space. */
export function loader() {
  return redirect('/participant/mes-rdvs');
}
