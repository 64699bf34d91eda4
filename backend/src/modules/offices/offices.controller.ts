import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiTags,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import { Uuid } from '../../common/route-params';
import { UploadRoute } from '../../common/upload-body-limit';
import { OwnAccount } from '../identity';
import { Idempotent } from '../idempotency';
import { IMAGE_UPLOAD, PICTURE_UPLOAD_BODY } from '../media';
import { ApiFileUpload, FileUpload } from '../../common/multipart-upload';
import {
  CreateOfficeDto,
  JoinOfficeDto,
  MyOfficeDto,
  SetOfficeManagerDto,
  UpdateOfficeDto,
} from './offices.dto';
import { OfficesService } from './offices.service';

/** "Mon cabinet" (/user/mon-etude): every route answers the caller's office as GET does. */
@ApiTags('offices')
@ApiForbiddenResponse({ description: 'FORBIDDEN (another account) or NOT_OFFICE_MANAGER' })
@OwnAccount('user')
@Controller('users/:id/office')
export class OfficesController {
  constructor(private readonly offices: OfficesService) {}

  @Get()
  @ApiOperation({
    summary: 'The professional’s office (members, join requests to answer) or pending join request',
  })
  @ApiOkResponse({ type: MyOfficeDto })
  get(@Param('id', Uuid) id: string): Promise<MyOfficeDto> {
    return this.offices.myOffice(id);
  }

  @Post()
  @Idempotent('create-office')
  @ApiOperation({ summary: 'Create an office: the professional becomes its member and manager' })
  @ApiOkResponse({ type: MyOfficeDto })
  @ApiConflictResponse({ description: 'EXT_ID_ALREADY_EXISTS (`ext_id already exists`), ALREADY_IN_OFFICE' })
  create(@Param('id', Uuid) id: string, @Body() dto: CreateOfficeDto): Promise<MyOfficeDto> {
    return this.offices.create(id, dto);
  }

  @Put()
  @ApiOperation({ summary: 'Save the office (its manager)' })
  @ApiOkResponse({ type: MyOfficeDto })
  @ApiConflictResponse({ description: 'EXT_ID_ALREADY_EXISTS (`ext_id already exists`)' })
  @ApiNotFoundResponse({ description: 'NO_OFFICE' })
  update(@Param('id', Uuid) id: string, @Body() dto: UpdateOfficeDto): Promise<MyOfficeDto> {
    return this.offices.update(id, dto);
  }

  @Post('join-request')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Ask to join the office of a registration number; its manager is mailed and answers',
  })
  @ApiOkResponse({ type: MyOfficeDto })
  @ApiBadRequestResponse({ description: 'OFFICE_NOT_FOUND (no office with this number), VALIDATION_FAILED' })
  @ApiConflictResponse({ description: 'ALREADY_IN_OFFICE' })
  requestToJoin(@Param('id', Uuid) id: string, @Body() dto: JoinOfficeDto): Promise<MyOfficeDto> {
    return this.offices.requestToJoin(id, dto.ext_id);
  }

  @Delete('join-request')
  @ApiOperation({ summary: 'Withdraw the pending join request' })
  @ApiOkResponse({ type: MyOfficeDto })
  cancelJoinRequest(@Param('id', Uuid) id: string): Promise<MyOfficeDto> {
    return this.offices.cancelJoinRequest(id);
  }

  @Post('join-requests/:requesterId/accept')
  @HttpCode(200)
  @ApiOperation({ summary: 'Accept a join request (manager); the requester is mailed' })
  @ApiOkResponse({ type: MyOfficeDto })
  @ApiNotFoundResponse({ description: 'JOIN_REQUEST_NOT_FOUND' })
  accept(
    @Param('id', Uuid) id: string,
    @Param('requesterId', Uuid) requesterId: string,
  ): Promise<MyOfficeDto> {
    return this.offices.answerJoinRequest(id, requesterId, true);
  }

  @Delete('join-requests/:requesterId')
  @ApiOperation({ summary: 'Refuse a join request (manager); the requester is mailed' })
  @ApiOkResponse({ type: MyOfficeDto })
  @ApiNotFoundResponse({ description: 'JOIN_REQUEST_NOT_FOUND' })
  refuse(
    @Param('id', Uuid) id: string,
    @Param('requesterId', Uuid) requesterId: string,
  ): Promise<MyOfficeDto> {
    return this.offices.answerJoinRequest(id, requesterId, false);
  }

  @Delete('members/:memberId')
  @ApiOperation({
    summary: 'Leave the office (memberId = the caller) or remove a member (manager)',
    description:
      'The manager leaves only alone or after handing the office over (409 OFFICE_MANAGER_MUST_HAND_OVER).',
  })
  @ApiOkResponse({ type: MyOfficeDto })
  @ApiNotFoundResponse({ description: 'OFFICE_MEMBER_NOT_FOUND, NO_OFFICE' })
  removeMember(
    @Param('id', Uuid) id: string,
    @Param('memberId', Uuid) memberId: string,
  ): Promise<MyOfficeDto> {
    return this.offices.removeMember(id, memberId);
  }

  @Put('manager')
  @ApiOperation({ summary: 'Hand the office over to another member (manager)' })
  @ApiOkResponse({ type: MyOfficeDto })
  @ApiNotFoundResponse({ description: 'OFFICE_MEMBER_NOT_FOUND' })
  handOver(@Param('id', Uuid) id: string, @Body() dto: SetOfficeManagerDto): Promise<MyOfficeDto> {
    return this.offices.handOver(id, dto.member_id);
  }

  @Put('picture')
  @UploadRoute()
  @ApiOperation({
    summary: 'Set the office photo (manager)',
    description:
      'Multipart body as for the professional’s photo: re-encoded as 160 and 400 px WebP squares without metadata.',
  })
  @ApiFileUpload(PICTURE_UPLOAD_BODY)
  @ApiOkResponse({ type: MyOfficeDto })
  @ApiBadRequestResponse({ description: 'IMAGE_* errors of the professional’s photo' })
  @ApiPayloadTooLargeResponse({ description: 'IMAGE_TOO_LARGE: file over 5 MB, nothing stored' })
  @ApiUnsupportedMediaTypeResponse({ description: 'UPLOAD_NOT_MULTIPART' })
  setPicture(
    @Param('id', Uuid) id: string,
    @FileUpload(IMAGE_UPLOAD) upload: FileUpload,
  ): Promise<MyOfficeDto> {
    return this.offices.setPicture(id, upload);
  }

  @Delete('picture')
  @ApiOperation({ summary: 'Remove the office photo (manager)' })
  @ApiOkResponse({ type: MyOfficeDto })
  removePicture(@Param('id', Uuid) id: string): Promise<MyOfficeDto> {
    return this.offices.removePicture(id);
  }
}
