import { data } from 'react-router';
import type { Route } from './+types/appointment-fee-agreement';
import { apiUrl } from '../lib/config.server';
import { attendeeIdFromToken, callApi, readAttendeeToken } from '../lib/attendee-session.server';

/**
 * /appointments/{ref}/convention-honoraires.pdf: the fee agreement the signed-in client accepted for this
 * appointment. The API serves it to its client only (their token, from the HttpOnly cookie); anyone else gets 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const token = readAttendeeToken(request);
  const attendeeId = token ? attendeeIdFromToken(token) : undefined;
  if (!token || !attendeeId) throw data(null, { status: 404 });
  const answer = await callApi(request, (api) =>
    api.GET('/api/v1/appointments/{refAppointment}', {
      params: { path: { refAppointment: params.refAppointment } },
    }),
  );
  if (!answer.ok || !answer.body.feeAgreement) throw data(null, { status: 404 });
  const response = await fetch(
    `${apiUrl()}/api/v1/attendees/${attendeeId}/appointments/${answer.body.id_event}/fee-agreement`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  if (!response.ok) throw data(null, { status: 404 });
  return new Response(await response.arrayBuffer(), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="convention-honoraires-${answer.body.refAppointment}.pdf"`,
      'cache-control': 'private, no-store',
    },
  });
}
