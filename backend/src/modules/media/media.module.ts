import { MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { AccountsModule } from '../accounts';
import { AdminImagesController } from './admin-images.controller';
import { AdminImagesService } from './admin-images.service';
import { MediaFilesController } from './media-files.controller';
import { MediaFilesService } from './media-files.service';
import { MediaRepository } from './media.repository';
import { createMediaStorage, MediaStorage } from './media-storage';
import { PicturesService } from './pictures.service';
import { ProfilePhotoController } from './profile-photo.controller';
import { ProfilePhotosService } from './profile-photos.service';
import { allowUploadBodies } from '../../common/upload-body-limit';
import { AuditModule } from '../audit';
import { ENV } from '../../config/config.module';

/**
 * Pictures and images: professionals' photos (PUT/DELETE /users/{id}/picture), the admin
 * "images" resource (/admin/images) and the files themselves (GET /media/{name}), stored
 * through the MediaStorage port (local disk under MEDIA_DIR, or the S3 bucket's media/ prefix: STORAGE).
 */
@Module({
  imports: [AccountsModule, AuditModule],
  controllers: [ProfilePhotoController, AdminImagesController, MediaFilesController],
  providers: [
    ProfilePhotosService,
    PicturesService,
    AdminImagesService,
    MediaFilesService,
    MediaRepository,
    { provide: MediaStorage, inject: [ENV], useFactory: createMediaStorage },
  ],
  exports: [PicturesService],
})
export class MediaModule implements NestModule {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  // Runs during app.init(), before Nest registers the routes: the only point where the onRoute
  // hook giving upload routes their larger body limit can still see them.
  configure(_consumer: MiddlewareConsumer): void {
    allowUploadBodies(this.adapterHost.httpAdapter.getInstance<FastifyInstance>());
  }
}
