import type { Schemas } from '@rdv/api-client';
import { api, unwrap } from './client';
import { type OnUploadProgress, uploadFromSpace } from './profile';

export type FolderDetail = Schemas['FolderDetailDto'];
export type FolderStatus = 'open' | 'archived' | 'all';

/** Client folders: list, folder dialog, documents and exchanges. */
export const foldersApi = {
  list: (userId: string, q: string, status: FolderStatus, signal?: AbortSignal) =>
    unwrap(
      api.GET('/api/v1/users/{id}/folders', {
        params: { path: { id: userId }, query: { q: q || undefined, status } },
        signal,
      }),
    ),
  create: (userId: string, body: Schemas['CreateFolderDto']) =>
    unwrap(api.POST('/api/v1/users/{id}/folders', { params: { path: { id: userId } }, body })),
  fromAppointment: (appointmentId: string) =>
    unwrap(api.POST('/api/v1/events/{id}/folder', { params: { path: { id: appointmentId } } })),
  get: (folderId: string, signal?: AbortSignal) =>
    unwrap(api.GET('/api/v1/folders/{folderId}', { params: { path: { folderId } }, signal })),
  update: (folderId: string, body: Schemas['UpdateFolderDto']) =>
    unwrap(api.PATCH('/api/v1/folders/{folderId}', { params: { path: { folderId } }, body })),
  /** The file streams to the API as multipart (25 Mo au plus), with progress. */
  upload: (folderId: string, file: File, onProgress?: OnUploadProgress) =>
    uploadFromSpace<Schemas['FolderDocumentDto']>(
      'POST',
      `/api/v1/folders/${encodeURIComponent(folderId)}/documents`,
      file,
      onProgress,
    ),
  removeDocument: (folderId: string, documentId: string) =>
    unwrap(
      api.DELETE('/api/v1/folders/{folderId}/documents/{documentId}', {
        params: { path: { folderId, documentId } },
      }),
    ),
  downloadLink: (folderId: string, documentId: string) =>
    unwrap(
      api.POST('/api/v1/folders/{folderId}/documents/{documentId}/link', {
        params: { path: { folderId, documentId } },
      }),
    ),
  sendMessage: (folderId: string, body: string) =>
    unwrap(
      api.POST('/api/v1/folders/{folderId}/messages', { params: { path: { folderId } }, body: { body } }),
    ),
  markRead: (folderId: string) =>
    unwrap(api.POST('/api/v1/folders/{folderId}/messages/read', { params: { path: { folderId } } })),
};
