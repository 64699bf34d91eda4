import sharp from 'sharp';
import type { FileUpload } from '../../common/multipart-upload';
import {
  corruptImage,
  imageDimensionsTooLarge,
  imageTooLarge,
  imageTooSmall,
  invalidImageData,
  unsupportedImageType,
} from './media-errors';
import { ADMIN_IMAGE_MAX_WIDTH, ADMIN_THUMBNAIL_WIDTH, PHOTO_SIZES } from './media-files';

/** Largest accepted upload (decoded bytes), as the UIs announce it: "5 Mo au plus". */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** A photo smaller than this cannot give a decent 160 px avatar. */
export const PHOTO_MIN_SIDE = 100;
/** Smallest admin image: below this it is an icon, not an illustration. */
export const ADMIN_IMAGE_MIN_SIDE = 50;
/**
 * Pixel budget of a decoded input. A few-kB PNG can declare 30,000 x 30,000 pixels (a
 * "decompression bomb"); decoding stops being bounded by the 5 MB file limit, so the declared
 * size is checked before decoding. 50 MP covers today's phone cameras.
 */
export const MAX_INPUT_MEGAPIXELS = 50;

type AcceptedFormat = 'png' | 'jpeg' | 'webp';

/** The size limit of image uploads, with its refusal (`@FileUpload`). */
export const IMAGE_UPLOAD = { maxBytes: MAX_IMAGE_BYTES, tooLarge: () => imageTooLarge(MAX_IMAGE_BYTES) };

/**
 * The bytes of an uploaded image, at most MAX_IMAGE_BYTES (the upload stream refuses more before it is
 * read whole). sharp decodes from memory, and 5 MB is a bounded cost.
 */
export async function readImage(
  upload: FileUpload,
): Promise<{ bytes: Buffer; fields: Record<string, string> }> {
  const { bytes, fields } = await upload.bytes();
  if (bytes.length === 0) throw invalidImageData();
  return { bytes, fields };
}

/**
 * The format announced by the first bytes, among the three accepted. Checked before libvips
 * sees the data, so SVG, PDF, HEIC, TIFF... never reach a decoder (less attack surface than
 * letting sharp try every loader it has).
 */
export function sniffFormat(bytes: Buffer): AcceptedFormat | undefined {
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'webp';
  return undefined;
}

export interface ProcessedVariant {
  bytes: Buffer;
  width: number;
  height: number;
}

export interface ProcessedPhoto {
  /** Square WebP variants, one per PHOTO_SIZES entry, in that order. */
  variants: { size: (typeof PHOTO_SIZES)[number]; file: ProcessedVariant }[];
}

export interface ProcessedAdminImage {
  full: ProcessedVariant;
  thumbnail: ProcessedVariant;
}

// failOn 'error': a truncated or corrupt file is refused; mere warnings (common in phone
// JPEGs with odd markers) are not. autoOrient: pixels turned upright from the EXIF Orientation,
// which is dropped with every other metadata block (EXIF, GPS, XMP, ICC) since sharp writes no
// metadata unless asked to.
const INPUT_OPTIONS = {
  failOn: 'error',
  autoOrient: true,
  limitInputPixels: MAX_INPUT_MEGAPIXELS * 1_000_000,
} as const satisfies sharp.SharpOptions;

/** Reads and checks an upload: accepted format by its bytes and sharp's decoder, upright size, minimum side. */
async function inspect(bytes: Buffer, minSide: number): Promise<{ width: number; height: number }> {
  const sniffed = sniffFormat(bytes);
  if (!sniffed) throw unsupportedImageType();
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(bytes, { failOn: 'error', limitInputPixels: false }).metadata();
  } catch {
    throw corruptImage();
  }
  // The decoder libvips picked must agree with the signature (a PNG header glued to a GIF...).
  if (metadata.format !== sniffed) throw unsupportedImageType();
  const width = metadata.autoOrient?.width ?? metadata.width;
  const height = metadata.autoOrient?.height ?? metadata.height;
  if (!width || !height) throw corruptImage();
  if (width * height > MAX_INPUT_MEGAPIXELS * 1_000_000) throw imageDimensionsTooLarge(MAX_INPUT_MEGAPIXELS);
  if (width < minSide || height < minSide) throw imageTooSmall(minSide);
  return { width, height };
}

/** Runs one sharp pipeline; a decoding failure in the middle of the pixels is the client's corrupt file. */
async function render(pipeline: sharp.Sharp): Promise<ProcessedVariant> {
  try {
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch {
    throw corruptImage();
  }
}

/**
 * A professional's photo: square crops centred on the most salient region (faces, skin tones)
 * in every PHOTO_SIZES size, WebP, no metadata. Small sources are enlarged so each variant has
 * exactly the size the pages declare in width/height (no layout shift).
 */
export async function processProfilePhoto(bytes: Buffer): Promise<ProcessedPhoto> {
  await inspect(bytes, PHOTO_MIN_SIDE);
  const variants = [];
  for (const size of PHOTO_SIZES) {
    const file = await render(
      sharp(bytes, INPUT_OPTIONS)
        .resize(size, size, { fit: 'cover', position: sharp.strategy.attention })
        .webp({ quality: 82, effort: 4 }),
    );
    variants.push({ size, file });
  }
  return { variants };
}

/** An administrator's image: aspect kept, at most ADMIN_IMAGE_MAX_WIDTH wide, plus a thumbnail; WebP, no metadata. */
export async function processAdminImage(bytes: Buffer): Promise<ProcessedAdminImage> {
  await inspect(bytes, ADMIN_IMAGE_MIN_SIDE);
  const full = await render(
    sharp(bytes, INPUT_OPTIONS)
      .resize({ width: ADMIN_IMAGE_MAX_WIDTH, withoutEnlargement: true })
      .webp({ quality: 82, effort: 4 }),
  );
  const thumbnail = await render(
    sharp(bytes, INPUT_OPTIONS)
      .resize({ width: ADMIN_THUMBNAIL_WIDTH, withoutEnlargement: true })
      .webp({ quality: 78, effort: 4 }),
  );
  return { full, thumbnail };
}
