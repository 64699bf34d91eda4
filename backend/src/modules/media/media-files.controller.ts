import { Controller, Get, Headers, Param, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { MediaFilesService } from './media-files.service';

/** A file name is a content hash: its bytes never change, so caches may keep it forever. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

@ApiTags('media')
@Controller('media')
export class MediaFilesController {
  constructor(private readonly files: MediaFilesService) {}

  @Get(':name')
  @ApiOperation({
    summary: 'A stored picture or image (public): `<hash>.webp`, `<hash>-160.webp`, `<hash>-400.webp`',
  })
  @ApiProduces('image/webp')
  @ApiOkResponse({ description: 'image/webp, Cache-Control: public, max-age=31536000, immutable' })
  @ApiNotFoundResponse({ description: 'MEDIA_NOT_FOUND (unknown or malformed name)' })
  async file(
    @Param('name') name: string,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const file = await this.files.open(name);
    const etag = `"${name}"`;
    reply.header('cache-control', IMMUTABLE).header('etag', etag);
    if (ifNoneMatch === etag) {
      file.stream.destroy();
      await reply.code(304).send();
      return;
    }
    await reply.type('image/webp').header('content-length', file.size).send(file.stream);
  }
}
