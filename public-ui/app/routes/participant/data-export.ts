import { data } from 'react-router';
import type { Route } from './+types/data-export';
import { callApi, requireAttendee } from '../../lib/attendee-session.server';

/** GET /participant/mes-donnees: "télécharger toutes mes données", the API's JSON export as a file. */
export async function loader({ request }: Route.LoaderArgs) {
  const { attendee, token } = await requireAttendee(request);
  const answer = await callApi(
    request,
    (api) => api.GET('/api/v1/attendees/{id}/export', { params: { path: { id: attendee._id } } }),
    { token, timeoutMs: 30_000 },
  );
  if (!answer.ok) throw data(null, { status: 503 });
  return new Response(JSON.stringify(answer.body, null, 2), {
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-disposition': 'attachment; filename="mes-donnees.json"',
      'cache-control': 'no-store',
    },
  });
}
