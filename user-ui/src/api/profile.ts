import type { UserProfile } from './auth';
import { api, unwrap } from './client';

/** What the API accepts for a photo (backend/src/modules/media/image-processor.ts). */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PHOTO_MIN_SIDE = 100;
export const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/**
 * Sets the professional's photo: PUT /users/{id}/picture `{ data: <data URL> }`. Answers the
 * whole account (as PUT /users/{id}) with `picture` = the new photo's URL.
 */
export function uploadProfilePhoto(userId: string, file: Blob): Promise<UserProfile> {
  return readAsDataUrl(file).then((data) =>
    unwrap(api.PUT('/api/v1/users/{id}/picture', { params: { path: { id: userId } }, body: { data } })),
  );
}

/** Removes the photo (the public pages show the initials again); answers the whole account. */
export function deleteProfilePhoto(userId: string): Promise<UserProfile> {
  return unwrap(api.DELETE('/api/v1/users/{id}/picture', { params: { path: { id: userId } } }));
}

export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('Impossible de lire le fichier choisi'));
    reader.readAsDataURL(file);
  });
}
