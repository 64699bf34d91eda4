import { eq, isNull, and } from 'drizzle-orm';
import sharp from 'sharp';
import type { FileStorage } from '../../common/file-storage';
import { processProfilePhoto } from '../../modules/media/image-processor';
import { contentKey, mediaFileName, mediaUrl } from '../../modules/media/media-files';
import type { Database } from '../database.types';
import { users } from '../schema';

/**
 * The demo professional's photo: a drawn head-and-shoulders portrait (no real person's face ships with the
 * product), rendered here and stored like an upload, through the same processing (400 and 160 px WebP).
 */
const PORTRAIT_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#e8eef6"/><stop offset="1" stop-color="#c9d6e8"/>
    </linearGradient>
    <linearGradient id="jacket" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#2b3a55"/><stop offset="1" stop-color="#1c2740"/>
    </linearGradient>
  </defs>
  <rect width="600" height="600" fill="url(#bg)"/>
  <rect x="0" y="0" width="600" height="600" fill="#ffffff" opacity="0.15"/>
  <path d="M95 600 C110 470 190 420 300 420 C410 420 490 470 505 600 Z" fill="url(#jacket)"/>
  <path d="M255 420 L300 520 L345 420 Z" fill="#f4f1ec"/>
  <path d="M282 440 L300 470 L318 440 Z" fill="#7a2e3a"/>
  <rect x="268" y="345" width="64" height="85" rx="28" fill="#e2b79a"/>
  <path d="M190 250 C185 140 240 95 305 95 C375 95 420 150 412 250 C420 330 400 380 392 400 L208 400 C196 370 186 320 190 250 Z" fill="#4a2f24"/>
  <ellipse cx="300" cy="255" rx="92" ry="112" fill="#ecc4a6"/>
  <path d="M208 230 C215 160 265 135 310 140 C360 145 395 175 396 225 C360 200 300 190 250 175 C235 195 220 215 208 230 Z" fill="#4a2f24"/>
  <ellipse cx="266" cy="262" rx="9" ry="6" fill="#3b2a22"/>
  <ellipse cx="336" cy="262" rx="9" ry="6" fill="#3b2a22"/>
  <path d="M250 240 Q266 232 282 240" stroke="#4a2f24" stroke-width="5" fill="none" stroke-linecap="round"/>
  <path d="M320 240 Q336 232 352 240" stroke="#4a2f24" stroke-width="5" fill="none" stroke-linecap="round"/>
  <path d="M300 268 Q294 296 304 302" stroke="#c99a7c" stroke-width="4" fill="none" stroke-linecap="round"/>
  <path d="M275 322 Q300 340 327 322" stroke="#a85a5a" stroke-width="6" fill="none" stroke-linecap="round"/>
</svg>`;

/** Gives the demo professional the portrait when they have no photo; false when there is nowhere to store it. */
export async function seedDemoPortrait(
  db: Database,
  professionalEmail: string,
  media: FileStorage | undefined,
): Promise<boolean> {
  if (!media) return false;
  const [pro] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, professionalEmail), isNull(users.picture)));
  if (!pro) return false;
  const png = await sharp(Buffer.from(PORTRAIT_SVG)).png().toBuffer();
  const photo = await processProfilePhoto(png);
  const key = contentKey(photo.variants.map((variant) => variant.file.bytes));
  // Files before the row, as an upload does: the URL never points at a missing file.
  for (const variant of photo.variants) await media.put(mediaFileName(key, variant.size), variant.file.bytes);
  await db
    .update(users)
    .set({ picture: mediaUrl(key, 400) })
    .where(eq(users.id, pro.id));
  return true;
}
