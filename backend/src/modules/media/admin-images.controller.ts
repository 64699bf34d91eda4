import { Body, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
} from '@nestjs/swagger';
import { AdminList, AdminListQueryDto, type AdminPage } from '../../common/admin-list';
import { AdminResource } from '../identity';
import { NumericIdParamDto } from '../../common/route-params';
import { AdminImagesService } from './admin-images.service';
import { AdminImageDto, CreateImageDto, UpdateImageDto } from './media.dto';
import { UploadRoute } from '../../common/upload-body-limit';
import { AuditedWrite } from '../audit';

const UPLOAD_ERRORS =
  'IMAGE_INVALID_DATA, IMAGE_UNSUPPORTED_TYPE, IMAGE_CORRUPT, IMAGE_TOO_LARGE, IMAGE_TOO_SMALL, VALIDATION_FAILED';

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
      'Body `{ title, alt, file: { data: <data URL>, filename? } }`. PNG, JPEG or WebP, 5 MB at most, at least ' +
      '50 x 50 px; stored as WebP without metadata, at most 1600 px wide (`src`) plus a 400 px wide `thumbnail`.',
  })
  @ApiCreatedResponse({ type: AdminImageDto })
  @ApiBadRequestResponse({ description: UPLOAD_ERRORS })
  create(@Body() body: CreateImageDto): Promise<AdminImageDto> {
    return this.images.create(body);
  }

  @Put(':id')
  @UploadRoute()
  @AuditedWrite<AdminImagesController>({ resource: 'images', before: (c, p) => c.get({ id: Number(p.id) }) })
  @ApiOperation({
    summary: 'Change title / alt, and the image itself when `file` is given (new URLs)',
  })
  @ApiOkResponse({ type: AdminImageDto })
  @ApiBadRequestResponse({ description: UPLOAD_ERRORS })
  @ApiNotFoundResponse({ description: 'IMAGE_NOT_FOUND' })
  update(@Param() params: NumericIdParamDto, @Body() body: UpdateImageDto): Promise<AdminImageDto> {
    return this.images.update(params.id, body);
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
