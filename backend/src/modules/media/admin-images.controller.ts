import { Body, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import { ApiFileUpload, FileUpload } from '../../common/multipart-upload';
import { IMAGE_UPLOAD } from './image-processor';
import { AdminList, AdminListQueryDto, type AdminPage } from '../../common/admin-list';
import { AdminResource } from '../identity';
import { NumericIdParamDto } from '../../common/route-params';
import { AdminImagesService } from './admin-images.service';
import { AdminImageDto, CREATE_IMAGE_BODY, PICTURE_UPLOAD_BODY, UpdateImageDto } from './media.dto';
import { UploadRoute } from '../../common/upload-body-limit';
import { AuditedWrite } from '../audit';

const UPLOAD_ERRORS =
  'IMAGE_INVALID_DATA, IMAGE_UNSUPPORTED_TYPE, IMAGE_CORRUPT, IMAGE_TOO_LARGE (too many pixels), IMAGE_TOO_SMALL, ' +
  'UPLOAD_FILE_MISSING, UPLOAD_MALFORMED';
const TOO_LARGE = 'IMAGE_TOO_LARGE: file over 5 MB, nothing stored';

/** react-admin "images" resource (ra-data-simple-rest: sort / range / filter, Content-Range). */
@AdminResource('images')
export class AdminImagesController {
  constructor(private readonly images: AdminImagesService) {}

  @Get()
  @ApiOperation({
    summary:
      'Images; filter `q` (title or alt), `id` (list); sort id, title, alt, width, height, createdAt, updatedAt',
  })
  @ApiOkResponse({ type: AdminImageDto, isArray: true })
  @AdminList('images')
  list(@Query() query: AdminListQueryDto): Promise<AdminPage<AdminImageDto>> {
    return this.images.list(query);
  }

  @Get(':id')
  @ApiOkResponse({ type: AdminImageDto })
  @ApiNotFoundResponse({ description: 'IMAGE_NOT_FOUND' })
  get(@Param() params: NumericIdParamDto): Promise<AdminImageDto> {
    return this.images.get(params.id);
  }

  @Post()
  @UploadRoute()
  @AuditedWrite({ resource: 'images' })
  @ApiOperation({
    summary: 'Upload an image',
    description:
      'Multipart form: `title`, `alt`, then the image in `file`. PNG, JPEG or WebP, 5 MB at most, at least ' +
      '50 x 50 px; stored as WebP without metadata, at most 1600 px wide (`src`) plus a 400 px wide `thumbnail`.',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: CREATE_IMAGE_BODY })
  @ApiCreatedResponse({ type: AdminImageDto })
  @ApiBadRequestResponse({ description: `${UPLOAD_ERRORS}, VALIDATION_FAILED` })
  @ApiPayloadTooLargeResponse({ description: TOO_LARGE })
  @ApiUnsupportedMediaTypeResponse({ description: 'UPLOAD_NOT_MULTIPART' })
  create(@FileUpload(IMAGE_UPLOAD) upload: FileUpload): Promise<AdminImageDto> {
    return this.images.create(upload);
  }

  @Put(':id')
  @AuditedWrite<AdminImagesController>({ resource: 'images', before: (c, p) => c.get({ id: Number(p.id) }) })
  @ApiOperation({ summary: 'Change title / alt (the picture itself: PUT /admin/images/{id}/file)' })
  @ApiOkResponse({ type: AdminImageDto })
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED' })
  @ApiNotFoundResponse({ description: 'IMAGE_NOT_FOUND' })
  update(@Param() params: NumericIdParamDto, @Body() body: UpdateImageDto): Promise<AdminImageDto> {
    return this.images.update(params.id, body);
  }

  @Put(':id/file')
  @UploadRoute()
  @AuditedWrite<AdminImagesController>({ resource: 'images', before: (c, p) => c.get({ id: Number(p.id) }) })
  @ApiOperation({ summary: 'Replace the picture of an image (new URLs; the old files go once unused)' })
  @ApiFileUpload(PICTURE_UPLOAD_BODY)
  @ApiOkResponse({ type: AdminImageDto })
  @ApiBadRequestResponse({ description: UPLOAD_ERRORS })
  @ApiPayloadTooLargeResponse({ description: TOO_LARGE })
  @ApiUnsupportedMediaTypeResponse({ description: 'UPLOAD_NOT_MULTIPART' })
  @ApiNotFoundResponse({ description: 'IMAGE_NOT_FOUND' })
  replaceFile(
    @Param() params: NumericIdParamDto,
    @FileUpload(IMAGE_UPLOAD) upload: FileUpload,
  ): Promise<AdminImageDto> {
    return this.images.replaceFile(params.id, upload);
  }

  @Delete(':id')
  @AuditedWrite<AdminImagesController>({ resource: 'images', before: (c, p) => c.get({ id: Number(p.id) }) })
  @ApiOperation({ summary: 'Delete an image; its files go once no article or professional uses them' })
  @ApiOkResponse({ type: AdminImageDto })
  @ApiNotFoundResponse({ description: 'IMAGE_NOT_FOUND' })
  delete(@Param() params: NumericIdParamDto): Promise<AdminImageDto> {
    return this.images.delete(params.id);
  }
}
