import { Injectable } from '@nestjs/common';
import type { UserDto } from '../accounts';
import { ProfessionalsService } from '../accounts';
import type { AuthenticatedAccount } from '../identity';
import type { FileUpload } from '../../common/multipart-upload';
import { processProfilePhoto, readImage } from './image-processor';
import { contentKey, keyOfMediaUrl, mediaUrl } from './media-files';
import { MediaFilesService } from './media-files.service';
import { MediaRepository } from './media.repository';

/**
 * A professional's photo (`users.picture`). Who may change it is the rule of PUT /users/{id}
 * (the professional themself or an administrator), applied by ProfessionalsService.getUser, so the
 * two endpoints cannot drift apart; the answer is the same user JSON as PUT /users/{id}.
 */
@Injectable()
export class ProfilePhotosService {
  constructor(
    private readonly accounts: ProfessionalsService,
    private readonly files: MediaFilesService,
    private readonly repository: MediaRepository,
  ) {}

  async setPicture(actor: AuthenticatedAccount, userId: string, upload: FileUpload): Promise<UserDto> {
    // Access and existence first: a refused caller's file is not even read.
    await this.accounts.getUser(actor, userId);
    const photo = await processProfilePhoto((await readImage(upload)).bytes);
    const key = contentKey(photo.variants.map((variant) => variant.file.bytes));
    // Files before the row: a picture URL never points at a missing file.
    await this.files.write(
      key,
      photo.variants.map((variant) => ({ variant: variant.size, bytes: variant.file.bytes })),
    );
    const result = await this.repository.setUserPicture(userId, mediaUrl(key, 400));
    if (!result) {
      // Deleted meanwhile: drop the files just written, answer as getUser does (404).
      await this.files.release(key);
      return this.accounts.getUser(actor, userId);
    }
    const previousKey = keyOfMediaUrl(result.previous);
    if (previousKey !== key) await this.files.release(previousKey);
    return this.accounts.getUser(actor, userId);
  }

  /** Back to initials. Idempotent: removing an absent photo answers the user as it is. */
  async removePicture(actor: AuthenticatedAccount, userId: string): Promise<UserDto> {
    await this.accounts.getUser(actor, userId);
    const result = await this.repository.setUserPicture(userId, null);
    if (result) await this.files.release(keyOfMediaUrl(result.previous));
    return this.accounts.getUser(actor, userId);
  }
}
