import { Controller, Delete, Param, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiTags,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import { Uuid } from '../../common/route-params';
import { UserDto } from '../accounts';
import type { AuthenticatedAccount } from '../identity';
import { CurrentAccount, OwnAccount } from '../identity';
import { ApiFileUpload, FileUpload } from '../../common/multipart-upload';
import { IMAGE_UPLOAD } from './image-processor';
import { PICTURE_UPLOAD_BODY } from './media.dto';
import { ProfilePhotosService } from './profile-photos.service';
import { UploadRoute } from '../../common/upload-body-limit';

@ApiTags('users')
@ApiForbiddenResponse({ description: 'FORBIDDEN: neither the professional nor an administrator' })
@ApiNotFoundResponse({ description: 'ACCOUNT_NOT_EXIST' })
// The professional themself or an administrator; 403 to any other signed-in account.
@OwnAccount('user', { admins: true, otherKinds: 403 })
@Controller('users')
export class ProfilePhotoController {
  constructor(private readonly photos: ProfilePhotosService) {}

  @Put(':id/picture')
  @UploadRoute()
  @ApiOperation({
    summary: 'Set the photo of a professional (themself or an admin)',
    description:
      'Multipart body, the image in the part `file` (PNG, JPEG or WebP, 5 MB at most, at least 100 x 100 px). The photo is ' +
      'turned upright, stripped of its metadata (EXIF, GPS) and stored as square WebP crops of 160 and ' +
      '400 px. Answers the user as PUT /users/{id} does, `picture` = `/api/v1/media/<hash>-400.webp` ' +
      '(the 160 px crop: same URL ending in `-160.webp`). Nothing changes on a 400.',
  })
  @ApiFileUpload(PICTURE_UPLOAD_BODY)
  @ApiOkResponse({ type: UserDto })
  @ApiBadRequestResponse({
    description:
      'IMAGE_INVALID_DATA, IMAGE_UNSUPPORTED_TYPE, IMAGE_CORRUPT, IMAGE_TOO_LARGE (too many pixels), IMAGE_TOO_SMALL, UPLOAD_FILE_MISSING, UPLOAD_MALFORMED',
  })
  @ApiPayloadTooLargeResponse({ description: 'IMAGE_TOO_LARGE: file over 5 MB, nothing stored' })
  @ApiUnsupportedMediaTypeResponse({ description: 'UPLOAD_NOT_MULTIPART' })
  setPicture(
    @CurrentAccount() actor: AuthenticatedAccount,
    @Param('id', Uuid) id: string,
    @FileUpload(IMAGE_UPLOAD) upload: FileUpload,
  ): Promise<UserDto> {
    return this.photos.setPicture(actor, id, upload);
  }

  @Delete(':id/picture')
  @ApiOperation({
    summary: 'Remove the photo of a professional (themself or an admin): pages show the initials again',
  })
  @ApiOkResponse({ type: UserDto })
  removePicture(
    @CurrentAccount() actor: AuthenticatedAccount,
    @Param('id', Uuid) id: string,
  ): Promise<UserDto> {
    return this.photos.removePicture(actor, id);
  }
}
