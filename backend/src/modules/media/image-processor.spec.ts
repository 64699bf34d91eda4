import sharp from 'sharp';
import { DomainError } from '../../common/domain-error';
import { MAX_IMAGE_BYTES, processAdminImage, processProfilePhoto, sniffFormat } from './image-processor';
import { contentKey, keyOfMediaUrl, MEDIA_FILE_NAME, mediaUrl } from './media-files';

const picture = (width: number, height: number, format: 'png' | 'jpeg' | 'webp' | 'gif' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .toFormat(format)
    .toBuffer();

/**
 * A 300 x 150 JPEG, red on its left half and blue on the right, stored sideways: EXIF
 * orientation 6 (display rotated 90° clockwise, i.e. 150 x 300 with red on top), with a camera
 * make and GPS coordinates.
 */
const sidewaysJpeg = () =>
  sharp({ create: { width: 300, height: 150, channels: 3, background: { r: 0, g: 0, b: 255 } } })
    .composite([
      {
        input: { create: { width: 150, height: 150, channels: 3, background: { r: 255, g: 0, b: 0 } } },
        left: 0,
        top: 0,
      },
    ])
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneCam' }, IFD3: { GPSLatitude: '48/1 51/1 0/1' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();

async function codeOf(promise: Promise<unknown> | (() => unknown)): Promise<string | undefined> {
  try {
    await (typeof promise === 'function' ? promise() : promise);
    return undefined;
  } catch (error) {
    return error instanceof DomainError ? error.code : `not a DomainError: ${String(error)}`;
  }
}

describe('sniffFormat', () => {
  it('knows PNG, JPEG and WebP by their first bytes, nothing else', async () => {
    expect(sniffFormat(await picture(4, 4, 'png'))).toBe('png');
    expect(sniffFormat(await picture(4, 4, 'jpeg'))).toBe('jpeg');
    expect(sniffFormat(await picture(4, 4, 'webp'))).toBe('webp');
    expect(sniffFormat(await picture(4, 4, 'gif'))).toBeUndefined();
    expect(sniffFormat(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
  });
});

describe('processProfilePhoto', () => {
  it('gives 160 and 400 px square WebP crops of a landscape JPEG', async () => {
    const photo = await processProfilePhoto(await picture(900, 600, 'jpeg'));
    expect(photo.variants.map((v) => [v.size, v.file.width, v.file.height])).toEqual([
      [160, 160, 160],
      [400, 400, 400],
    ]);
    for (const variant of photo.variants) {
      const metadata = await sharp(variant.file.bytes).metadata();
      expect(metadata.format).toBe('webp');
    }
  });

  it('keeps no EXIF or GPS data', async () => {
    const input = await sidewaysJpeg();
    expect((await sharp(input).metadata()).exif?.toString('latin1')).toContain('PhoneCam');
    const photo = await processProfilePhoto(input);
    for (const variant of photo.variants) {
      const metadata = await sharp(variant.file.bytes).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
    }
  });

  it.each([
    ['smaller than 100 px', () => picture(99, 300), 'IMAGE_TOO_SMALL'],
    ['a GIF', () => picture(200, 200, 'gif'), 'IMAGE_UNSUPPORTED_TYPE'],
    [
      'an SVG',
      async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="500" height="500"/>'),
      'IMAGE_UNSUPPORTED_TYPE',
    ],
    ['a truncated PNG', async () => (await picture(300, 300)).subarray(0, 120), 'IMAGE_CORRUPT'],
  ])('refuses %s', async (_label, input, code) => {
    expect(await codeOf(processProfilePhoto(await input()))).toBe(code);
  });

  it('refuses a PNG declaring more than 50 megapixels before decoding its pixels', async () => {
    // A real 8,000 x 8,000 PNG of one colour: a few kB on disk, 64 MP once decoded.
    const bomb = await sharp({
      create: { width: 8000, height: 8000, channels: 3, background: { r: 0, g: 0, b: 0 } },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(MAX_IMAGE_BYTES);
    expect(await codeOf(processProfilePhoto(bomb))).toBe('IMAGE_TOO_LARGE');
  });
});

describe('processAdminImage', () => {
  it('keeps the aspect ratio, at most 1600 px wide, with a 400 px wide thumbnail', async () => {
    const image = await processAdminImage(await picture(2400, 1200, 'webp'));
    expect([image.full.width, image.full.height]).toEqual([1600, 800]);
    expect([image.thumbnail.width, image.thumbnail.height]).toEqual([400, 200]);
  });

  it('turns the image upright from its EXIF orientation', async () => {
    const sideways = await sidewaysJpeg();
    expect((await sharp(sideways).metadata()).orientation).toBe(6);
    const image = await processAdminImage(sideways);
    expect([image.full.width, image.full.height]).toEqual([150, 300]);
    const { data, info } = await sharp(image.full.bytes).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * info.channels).subarray(0, 3),
    ];
    // Red on top, blue below: the stored left half is now the upper half.
    expect(pixel(75, 20)[0]).toBeGreaterThan(200);
    expect(pixel(75, 280)[2]).toBeGreaterThan(200);
    expect((await sharp(image.full.bytes).metadata()).exif).toBeUndefined();
  });

  it('never enlarges a small image', async () => {
    const image = await processAdminImage(await picture(300, 90));
    expect([image.full.width, image.full.height]).toEqual([300, 90]);
    expect([image.thumbnail.width, image.thumbnail.height]).toEqual([300, 90]);
  });
});

describe('media file names', () => {
  it('are content hashes: the same bytes give the same key, other bytes another', () => {
    const a = contentKey([Buffer.from('a'), Buffer.from('b')]);
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(contentKey([Buffer.from('a'), Buffer.from('b')])).toBe(a);
    expect(contentKey([Buffer.from('ab'), Buffer.from('')])).not.toBe(a);
  });

  it('accept only hash names, so no path can be smuggled in', () => {
    const key = 'a'.repeat(32);
    expect(MEDIA_FILE_NAME.test(`${key}.webp`)).toBe(true);
    expect(MEDIA_FILE_NAME.test(`${key}-400.webp`)).toBe(true);
    for (const name of ['../etc/passwd', `../${key}.webp`, `${key}.png`, `${key}-401.webp`, `${key}.webp/..`])
      expect(MEDIA_FILE_NAME.test(name)).toBe(false);
  });

  it('find the key back from a picture URL, and only from ours', () => {
    const key = 'b'.repeat(32);
    expect(keyOfMediaUrl(mediaUrl(key, 400))).toBe(key);
    expect(keyOfMediaUrl('/photos/marie.webp')).toBeUndefined();
    expect(keyOfMediaUrl(null)).toBeUndefined();
  });
});
