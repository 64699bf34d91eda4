import { createHash } from 'node:crypto';

/**
 * Names and public URLs of stored media files.
 *
 * A file is named after a hash of the bytes of the variants produced from one upload, so a name
 * always designates the same bytes: URLs can be cached forever (`immutable`) and replacing a
 * picture means a new URL, never a stale copy in a browser or a CDN. Names are built here only
 * and checked against one pattern before they reach the file system (no path traversal).
 */

/** `<key>.webp` (full image) or `<key>-<width>.webp` (a variant). Nothing else is ever served. */
export const MEDIA_FILE_NAME = /^[0-9a-f]{32}(?:-(?:160|400))?\.webp$/;

/**
 * Public path prefix. The API serves the files itself and the web gateway already proxies
 * `/api/v1/*`, so the same URL works on the one origin (:3000) and on the API port.
 */
export const MEDIA_URL_PREFIX = '/api/v1/media/';

/** Square sizes of a professional's photo: 160 for listing cards (2x of 80 CSS px), 400 for the profile. */
export const PHOTO_SIZES = [160, 400] as const;
/** Widest full-size admin image, and the width of its thumbnail. */
export const ADMIN_IMAGE_MAX_WIDTH = 1600;
export const ADMIN_THUMBNAIL_WIDTH = 400;

export type Variant = 'full' | 160 | 400;

export function mediaFileName(key: string, variant: Variant): string {
  return variant === 'full' ? `${key}.webp` : `${key}-${variant}.webp`;
}

export function mediaUrl(key: string, variant: Variant): string {
  return `${MEDIA_URL_PREFIX}${mediaFileName(key, variant)}`;
}

/** The key of one of our media URLs (`/api/v1/media/<key>-400.webp` -> key), or undefined. */
export function keyOfMediaUrl(url: string | null | undefined): string | undefined {
  if (!url?.startsWith(MEDIA_URL_PREFIX)) return undefined;
  const name = url.slice(MEDIA_URL_PREFIX.length);
  return MEDIA_FILE_NAME.test(name) ? name.slice(0, 32) : undefined;
}

/** Content key of a set of variants: hash of every produced file, in a fixed order. */
export function contentKey(files: readonly Buffer[]): string {
  const hash = createHash('sha256');
  for (const file of files) {
    // Length prefix: two different splits of the same bytes never give the same key.
    hash.update(`${file.length}:`);
    hash.update(file);
  }
  return hash.digest('hex').slice(0, 32);
}
