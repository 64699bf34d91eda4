/** The API's limit for a client's document (backend DOCUMENT_MAX_BYTES): 25 MiB. */
export const DOCUMENT_MAX_BYTES = 25 * 1024 * 1024;
export const DOCUMENT_TOO_LARGE = 'Le fichier dépasse la taille maximale de 25 Mo.';
export const DOCUMENT_MISSING = 'Choisissez un fichier à envoyer.';

/** Where the browser sends a document: the public site's streaming route, which forwards it to the API. */
export function documentUploadUrl(target: { refAppointment: string } | { folderId: string }): string {
  return 'folderId' in target
    ? `/documents/envoi?dossier=${encodeURIComponent(target.folderId)}`
    : `/documents/envoi?rendez-vous=${encodeURIComponent(target.refAppointment)}`;
}
