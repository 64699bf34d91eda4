import { uploadFile } from '@rdv/api-client';
import type { UserProfile } from './auth';
import { api, unwrap } from './client';
import { SESSION_HEADERS } from '../auth/token';

/** What the API accepts for a photo (backend/src/modules/media/image-processor.ts). */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PHOTO_MIN_SIDE = 100;
export const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** Called with the fraction of the file sent (0 to 1) while it uploads. */
export type OnUploadProgress = (fraction: number) => void;

/** Multipart upload of one file from the professional's space, with progress (`uploadFile`). */
export function uploadFromSpace<T>(
  method: 'POST' | 'PUT',
  url: string,
  file: Blob,
  onProgress?: OnUploadProgress,
): Promise<T> {
  return uploadFile<T>({ method, url, file, onProgress, headers: () => SESSION_HEADERS });
}

/**
 * Sets the professional's photo: PUT /users/{id}/picture, the image in the multipart part `file`.
 * Answers the whole account (as PUT /users/{id}) with `picture` = the new photo's URL.
 */
export function uploadProfilePhoto(
  userId: string,
  file: Blob,
  onProgress?: OnUploadProgress,
): Promise<UserProfile> {
  return uploadFromSpace('PUT', `/api/v1/users/${encodeURIComponent(userId)}/picture`, file, onProgress);
}

/** Removes the photo (the public pages show the initials again); answers the whole account. */
export function deleteProfilePhoto(userId: string): Promise<UserProfile> {
  return unwrap(api.DELETE('/api/v1/users/{id}/picture', { params: { path: { id: userId } } }));
}
