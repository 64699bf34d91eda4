import { Injectable } from '@nestjs/common';
import type { FileUpload } from '../../common/multipart-upload';
import { processProfilePhoto, readImage } from './image-processor';
import { contentKey, keyOfMediaUrl, mediaUrl } from './media-files';
import { MediaFilesService } from './media-files.service';

/**
 * Square pictures for other modules (the office photo): decode, re-encode without metadata, store the 160 and
 * 400 px WebP crops, answer the public URL; and release a URL once the row no longer points at it.
 */
@Injectable()
export class PicturesService {
  constructor(private readonly files: MediaFilesService) {}

  /** Stores an uploaded picture; throws the media module's 400/413 errors on bad images, storing nothing. */
  async store(upload: FileUpload): Promise<string> {
    const photo = await processProfilePhoto((await readImage(upload)).bytes);
    const key = contentKey(photo.variants.map((variant) => variant.file.bytes));
    await this.files.write(
      key,
      photo.variants.map((variant) => ({ variant: variant.size, bytes: variant.file.bytes })),
    );
    return mediaUrl(key, 400);
  }

  /** Deletes the files of `url` unless something else still shows them (same content, another row). */
  release(url: string | null | undefined): Promise<void> {
    return this.files.release(keyOfMediaUrl(url));
  }
}
