import { Injectable, Logger } from '@nestjs/common';
import { mediaFileNotFound } from './media-errors';
import { mediaFileName, MEDIA_FILE_NAME, type Variant } from './media-files';
import { MediaRepository } from './media.repository';
import { MediaStorage, type StoredFile } from './media-storage';

const ALL_VARIANTS: readonly Variant[] = ['full', 160, 400];

/** Reading stored files and writing / releasing the variants of one upload. */
@Injectable()
export class MediaFilesService {
  private readonly logger = new Logger(MediaFilesService.name);

  constructor(
    private readonly storage: MediaStorage,
    private readonly repository: MediaRepository,
  ) {}

  /** A file to serve; unknown and malformed names (`../x`, `a.png`) are the same 404. */
  async open(name: string): Promise<StoredFile> {
    const file = MEDIA_FILE_NAME.test(name) ? await this.storage.open(name) : undefined;
    if (!file) throw mediaFileNotFound();
    return file;
  }

  async write(key: string, files: { variant: Variant; bytes: Buffer }[]): Promise<void> {
    for (const file of files) await this.storage.put(mediaFileName(key, file.variant), file.bytes);
  }

  /**
   * Deletes the files of `key` once nothing points at them any more (a removed photo stops
   * being served). Names are content hashes, so another professional or an article may use the
   * same files: they stay while referenced. A failure here is logged, never turned into an
   * error for a request whose change is already committed.
   */
  async release(key: string | undefined): Promise<void> {
    if (!key) return;
    try {
      if (await this.repository.mediaKeyInUse(key)) return;
      for (const variant of ALL_VARIANTS) await this.storage.remove(mediaFileName(key, variant));
    } catch (error) {
      this.logger.warn({ err: error, key }, 'media files not released');
    }
  }
}
