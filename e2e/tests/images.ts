import { crc32, deflateSync } from 'node:zlib';

/** A real PNG (solid colour, `side` x `side` pixels), as a phone's gallery would hand it over. */
export function pngPhoto(side: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(side * 3, Buffer.from([0x2a, 0x6f, 0x97]))]);
  const pixels = Buffer.concat(Array.from({ length: side }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Chooses `photo` in the "Changer la photo" input of `page` and confirms the crop dialog. */
export async function uploadCroppedPhoto(
  page: import('@playwright/test').Page,
  photo: Buffer,
): Promise<void> {
  await page
    .getByLabel('Changer la photo')
    .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: photo });
  await page
    .getByRole('dialog', { name: 'Recadrer la photo' })
    .getByRole('button', { name: 'Recadrer et enregistrer' })
    .click();
}
