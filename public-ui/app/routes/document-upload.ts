import { data } from 'react-router';
import type { Route } from './+types/document-upload';
import { forwardDocumentUpload } from '../lib/document-upload.server';

/**
 * POST /documents/envoi?rendez-vous={ref} or ?dossier={folderId}: a client's document, streamed to the API as it
 * arrives (see forwardDocumentUpload). The browser sends it with XMLHttpRequest for a real progress bar.
 */
export async function action({ request }: Route.ActionArgs) {
  const query = new URL(request.url).searchParams;
  const folderId = query.get('dossier');
  const refAppointment = query.get('rendez-vous');
  if (folderId) return forwardDocumentUpload(request, { folderId });
  if (refAppointment) return forwardDocumentUpload(request, { refAppointment });
  throw data(null, { status: 404 });
}
