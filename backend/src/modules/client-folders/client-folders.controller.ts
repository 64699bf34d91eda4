import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Query,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiGoneResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiProduces,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Uuid } from '../../common/route-params';
import { UploadRoute } from '../../common/upload-body-limit';
import { ApiFileUpload, FileUpload } from '../../common/multipart-upload';
import {
  accountGuard,
  CurrentAccount,
  currentSession,
  ownAccountGuard,
  ownedResourceGuard,
  type AuthenticatedAccount,
} from '../identity';
import {
  ClientHistoryDto,
  CreateFolderDto,
  CreateMessageDto,
  DownloadLinkDto,
  FolderDetailDto,
  FolderDocumentDto,
  FolderDto,
  FolderMessageDto,
  FolderQueryDto,
  ReadCountDto,
  UpdateFolderDto,
} from './client-folders.dto';
import { ClientFoldersService } from './client-folders.service';
import { FolderDocumentsService } from './folder-documents.service';
import { FolderAccessGuard } from './folder-access.guard';
import { DOCUMENT_BODY_LIMIT, DOCUMENT_UPLOAD } from './folder-documents';

const UPLOAD_REFUSALS =
  'DOCUMENT_INVALID_DATA (empty file), DOCUMENT_UNSUPPORTED_TYPE (type detected from the bytes), ' +
  'FOLDER_DOCUMENTS_LIMIT (30 documents, 100 MB), DOCUMENT_INFECTED (antivirus; nothing stored), ' +
  'UPLOAD_FILE_MISSING, UPLOAD_MALFORMED';
const UPLOAD_BODY =
  'The file in the multipart part `file`, streamed: 25 MiB at most. PDF, JPEG, PNG, WebP, HEIC, DOCX, XLSX, ' +
  'PPTX, ODT, ODS, ODP, detected from the bytes. The part’s file name only gives the label (no path); ' +
  'the server names the file.';
const TOO_LARGE = 'DOCUMENT_TOO_LARGE: over 25 MiB; nothing stored';
const NOT_MULTIPART = 'UPLOAD_NOT_MULTIPART: the body is not multipart/form-data';

/** A folder's parties: its professional and its client (administrators do not see clients' folders). */
const FolderParties = accountGuard('user', 'attendee');

@ApiTags('client-folders')
@ApiBearerAuth()
@Controller()
export class ClientFoldersController {
  constructor(
    private readonly folders: ClientFoldersService,
    private readonly documents: FolderDocumentsService,
  ) {}

  @Get('users/:id/folders')
  @UseGuards(ownAccountGuard('user'))
  @ApiOperation({ summary: 'The professional’s client folders (/user/dossiers-client): search and filter' })
  @ApiOkResponse({ type: [FolderDto] })
  listForUser(@Param('id', Uuid) id: string, @Query() query: FolderQueryDto): Promise<FolderDto[]> {
    return this.folders.list('user', id, query);
  }

  @Post('users/:id/folders')
  @UseGuards(ownAccountGuard('user'))
  @ApiOperation({ summary: 'Open a folder by hand for one of the professional’s clients (by email)' })
  @ApiCreatedResponse({ type: FolderDetailDto })
  @ApiBadRequestResponse({ description: 'CLIENT_NOT_FOUND, VALIDATION_FAILED' })
  create(@Param('id', Uuid) id: string, @Body() dto: CreateFolderDto): Promise<FolderDetailDto> {
    return this.folders.create(id, dto);
  }

  @Post('events/:id/folder')
  @HttpCode(200)
  @UseGuards(ownedResourceGuard('appointment', { param: 'id' }))
  @ApiOperation({
    summary: '"Ouvrir un dossier" from an appointment: the client’s open folder, created if needed',
  })
  @ApiOkResponse({ type: FolderDetailDto })
  openFromAppointment(
    @CurrentAccount() actor: AuthenticatedAccount,
    @Param('id', Uuid) id: string,
  ): Promise<FolderDetailDto> {
    return this.folders.openFromAppointment(actor.id, id);
  }

  @Get('events/:id/client')
  @UseGuards(ownedResourceGuard('appointment', { param: 'id' }))
  @ApiOperation({
    summary: 'Attendee dialog of /user/events: the client’s history with the professional and their folder',
  })
  @ApiOkResponse({ type: ClientHistoryDto })
  clientOfAppointment(
    @CurrentAccount() actor: AuthenticatedAccount,
    @Param('id', Uuid) id: string,
  ): Promise<ClientHistoryDto> {
    return this.folders.clientOfAppointment(actor.id, id);
  }

  @Get('attendees/:id/folders')
  @UseGuards(ownAccountGuard('attendee'))
  @ApiOperation({ summary: 'The client’s folders with their professionals (/participant/profil)' })
  @ApiOkResponse({ type: [FolderDto] })
  listForAttendee(@Param('id', Uuid) id: string): Promise<FolderDto[]> {
    return this.folders.list('attendee', id, { status: 'all' });
  }

  @Get('folders/:folderId')
  @UseGuards(FolderParties, FolderAccessGuard)
  @ApiOperation({ summary: 'A folder with its appointments, documents and messages (its two parties only)' })
  @ApiOkResponse({ type: FolderDetailDto })
  @ApiNotFoundResponse({ description: 'FOLDER_NOT_FOUND' })
  detail(
    @CurrentAccount() actor: AuthenticatedAccount,
    @Param('folderId', Uuid) folderId: string,
  ): Promise<FolderDetailDto> {
    return this.folders.detail(actor, folderId);
  }

  @Patch('folders/:folderId')
  @UseGuards(FolderParties, FolderAccessGuard)
  @ApiOperation({
    summary: 'Edit the folder dialog (title, reference, notes) or archive it: the professional only',
  })
  @ApiOkResponse({ type: FolderDetailDto })
  @ApiNotFoundResponse({ description: 'FOLDER_NOT_FOUND' })
  update(
    @CurrentAccount() actor: AuthenticatedAccount,
    @Param('folderId', Uuid) folderId: string,
    @Body() dto: UpdateFolderDto,
  ): Promise<FolderDetailDto> {
    return this.folders.update(actor, folderId, dto);
  }

  @Post('folders/:folderId/documents')
  @UploadRoute(DOCUMENT_BODY_LIMIT)
  @UseGuards(FolderParties, FolderAccessGuard)
  @ApiOperation({
    summary:
      'Upload a document into the folder (either party): type from the bytes, antivirus, server-made names',
  })
  @ApiFileUpload(UPLOAD_BODY)
  @ApiCreatedResponse({ type: FolderDocumentDto })
  @ApiBadRequestResponse({ description: UPLOAD_REFUSALS })
  @ApiPayloadTooLargeResponse({ description: TOO_LARGE })
  @ApiUnsupportedMediaTypeResponse({ description: NOT_MULTIPART })
  @ApiServiceUnavailableResponse({ description: 'ANTIVIRUS_UNAVAILABLE' })
  upload(
    @CurrentAccount() actor: AuthenticatedAccount,
    @Param('folderId', Uuid) folderId: string,
    @FileUpload(DOCUMENT_UPLOAD) upload: FileUpload,
  ): Promise<FolderDocumentDto> {
    return this.documents.upload(actor, folderId, upload);
  }

  @Delete('folders/:folderId/documents/:documentId')
  @HttpCode(204)
  @UseGuards(FolderParties, FolderAccessGuard)
  @ApiOperation({ summary: 'Delete a document (the professional: any; the client: their own)' })
  @ApiNoContentResponse()
  @ApiNotFoundResponse({ description: 'FOLDER_NOT_FOUND, DOCUMENT_NOT_FOUND' })
  async remove(
    @CurrentAccount() actor: AuthenticatedAccount,
    @Param('folderId', Uuid) folderId: string,
    @Param('documentId', Uuid) documentId: string,
  ): Promise<void> {
    await this.documents.remove(actor, folderId, documentId);
  }

  @Post('folders/:folderId/documents/:documentId/link')
  @HttpCode(200)
  @UseGuards(FolderParties, FolderAccessGuard)
  @ApiOperation({
    summary: 'A download link for this account: valid 5 minutes, once, while this session stays signed in',
  })
  @ApiOkResponse({ type: DownloadLinkDto })
  @ApiNotFoundResponse({ description: 'FOLDER_NOT_FOUND, DOCUMENT_NOT_FOUND' })
  link(
    @CurrentAccount() actor: AuthenticatedAccount,
    @Req() request: FastifyRequest,
    @Param('folderId', Uuid) folderId: string,
    @Param('documentId', Uuid) documentId: string,
  ): Promise<DownloadLinkDto> {
    // the guard verified this session: the link works only while it lasts
    return this.documents.downloadLink(actor, currentSession(request)!, folderId, documentId);
  }

  @Post('folders/:folderId/messages')
  @UseGuards(FolderParties, FolderAccessGuard)
  @ApiOperation({
    summary: 'Write in the folder (exchange dialog); the other side gets a mail without the content',
  })
  @ApiCreatedResponse({ type: FolderMessageDto })
  message(
    @CurrentAccount() actor: AuthenticatedAccount,
    @Param('folderId', Uuid) folderId: string,
    @Body() dto: CreateMessageDto,
  ): Promise<FolderMessageDto> {
    return this.folders.postMessage(actor, folderId, dto.body);
  }

  @Post('folders/:folderId/messages/read')
  @HttpCode(200)
  @UseGuards(FolderParties, FolderAccessGuard)
  @ApiOperation({ summary: 'Mark the other side’s messages as read' })
  @ApiOkResponse({ type: ReadCountDto })
  read(
    @CurrentAccount() actor: AuthenticatedAccount,
    @Param('folderId', Uuid) folderId: string,
  ): Promise<ReadCountDto> {
    return this.folders.markRead(actor, folderId);
  }
}

/** What the signed link or the appointment reference authorises, without a session. */
@ApiTags('client-folders')
@Controller()
export class FolderDocumentLinksController {
  constructor(private readonly documents: FolderDocumentsService) {}

  @Get('folder-documents/:token')
  @ApiOperation({
    summary:
      'Download through a signed link: once, within 5 minutes, by the party it was issued to while the session that asked for it is signed in; never cached',
  })
  @ApiProduces('application/octet-stream')
  @ApiOkResponse({ description: 'The file, as an attachment', schema: { type: 'string', format: 'binary' } })
  @ApiNotFoundResponse({
    description: 'DOWNLOAD_LINK_INVALID: bad signature, expired, no longer a party, or the session ended',
  })
  @ApiGoneResponse({ description: 'DOWNLOAD_LINK_USED: the link has already served' })
  async download(@Param('token') token: string, @Res() reply: FastifyReply): Promise<void> {
    const { document, file } = await this.documents.download(token);
    await reply
      .header('content-type', document.mimeType)
      .header('content-length', String(file.size))
      .header('content-disposition', `attachment; filename="${document.fileName}"`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(file.stream);
  }

  @Post('appointments/:refAppointment/documents')
  @UploadRoute(DOCUMENT_BODY_LIMIT)
  @ApiOperation({
    summary:
      'The client sends a document from the appointment page (the reference is their secret); it lands in their folder',
  })
  @ApiFileUpload(UPLOAD_BODY)
  @ApiCreatedResponse({ type: FolderDocumentDto })
  @ApiBadRequestResponse({ description: UPLOAD_REFUSALS })
  @ApiPayloadTooLargeResponse({ description: TOO_LARGE })
  @ApiUnsupportedMediaTypeResponse({ description: NOT_MULTIPART })
  @ApiServiceUnavailableResponse({ description: 'ANTIVIRUS_UNAVAILABLE' })
  @ApiNotFoundResponse({ description: 'APPOINTMENT_NOT_FOUND' })
  uploadByRef(
    @Param('refAppointment') ref: string,
    @FileUpload(DOCUMENT_UPLOAD) upload: FileUpload,
  ): Promise<FolderDocumentDto> {
    return this.documents.uploadByRef(ref, upload);
  }
}
