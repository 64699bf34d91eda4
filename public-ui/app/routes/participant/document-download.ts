import { data, redirect } from 'react-router';
import type { Route } from './+types/document-download';
import { callApi, requireAttendee } from '../../lib/attendee-session.server';

/**
 * GET /participant/documents/{folderId}/{documentId}: asks the API for a single-use, 5-minute download link in the
 * attendee's name and sends the browser there. The file itself is never public.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { token } = await requireAttendee(request);
  const answer = await callApi(
    request,
    (api) =>
      api.POST('/api/v1/folders/{folderId}/documents/{documentId}/link', {
        params: { path: { folderId: params.folderId, documentId: params.documentId } },
      }),
    { token },
  );
  if (!answer.ok) throw data(null, { status: 404 });
  return redirect(answer.body.url, { headers: { 'cache-control': 'no-store' } });
}
