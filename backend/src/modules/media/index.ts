// Public surface of the media module: other modules import from '../media' only (eslint enforces it).
// Uploaded images and their public URLs.
export { keyOfMediaUrl } from './media-files';
export { MediaModule } from './media.module';
export { PicturesService } from './pictures.service';
export { PICTURE_UPLOAD_BODY } from './media.dto';
export { IMAGE_UPLOAD } from './image-processor';
