import { Injectable } from '@nestjs/common';
import { AdminListQueryDto, idsFilter, parseAdminList, textFilter } from '../../common/admin-list';
import { likeEscape } from '../../common/like-pattern';
import { type FileUpload, validateFields } from '../../common/multipart-upload';
import { processAdminImage, readImage } from './image-processor';
import { imageNotFound } from './media-errors';
import { contentKey, mediaUrl } from './media-files';
import { MediaFilesService } from './media-files.service';
import { type AdminImageDto, CreateImageDto, type UpdateImageDto } from './media.dto';
import { ImageRow, ImageSortField, MediaRepository } from './media.repository';

const SORTABLE: readonly ImageSortField[] = [
  'id',
  'title',
  'alt',
  'width',
  'height',
  'createdAt',
  'updatedAt',
];

function toImage(row: ImageRow): AdminImageDto {
  return {
    id: row.id,
    title: row.title,
    alt: row.alt,
    src: mediaUrl(row.fileKey, 'full'),
    thumbnail: mediaUrl(row.fileKey, 400),
    width: row.width,
    height: row.height,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The react-admin "images" resource: rows in `images`, pixels in the media storage. */
@Injectable()
export class AdminImagesService {
  constructor(
    private readonly repository: MediaRepository,
    private readonly files: MediaFilesService,
  ) {}

  async list(query: AdminListQueryDto): Promise<{ rows: AdminImageDto[]; offset: number; total: number }> {
    const params = parseAdminList(query, SORTABLE, 'id');
    const q = textFilter(params.filter);
    const ids = idsFilter(params.filter)
      ?.map(Number)
      .filter((n) => Number.isInteger(n) && n > 0 && n < 2_147_483_648);
    const { rows, total } = await this.repository.listImages(params, q ? likeEscape(q) : undefined, ids);
    return { rows: rows.map(toImage), offset: params.offset, total };
  }

  async get(id: number): Promise<AdminImageDto> {
    const row = await this.repository.findImage(id);
    if (!row) throw imageNotFound();
    return toImage(row);
  }

  /** The form's title and alt (sent before the file) are checked before the image is decoded. */
  async create(upload: FileUpload): Promise<AdminImageDto> {
    const { bytes, fields } = await readImage(upload);
    const dto = await validateFields(CreateImageDto, fields);
    const stored = await this.store(bytes);
    try {
      return toImage(await this.repository.insertImage({ title: dto.title, alt: dto.alt, ...stored }));
    } catch (error) {
      await this.files.release(stored.fileKey);
      throw error;
    }
  }

  async update(id: number, dto: UpdateImageDto): Promise<AdminImageDto> {
    const result = await this.repository.updateImage(id, { title: dto.title, alt: dto.alt });
    if (!result) throw imageNotFound();
    return toImage(result.row);
  }

  /** A new picture for the image (new URLs); the old files go once nothing shows them. */
  async replaceFile(id: number, upload: FileUpload): Promise<AdminImageDto> {
    // Unknown id before any image work: a 404 costs no reading or decoding.
    await this.get(id);
    const stored = await this.store((await readImage(upload)).bytes);
    const result = await this.repository.updateImage(id, stored);
    if (!result) {
      await this.files.release(stored.fileKey);
      throw imageNotFound();
    }
    if (result.previousKey !== stored.fileKey) await this.files.release(result.previousKey);
    return toImage(result.row);
  }

  async delete(id: number): Promise<AdminImageDto> {
    const row = await this.repository.deleteImage(id);
    if (!row) throw imageNotFound();
    await this.files.release(row.fileKey);
    return toImage(row);
  }

  /** Checks, converts and writes an upload; nothing is written when the image is refused. */
  private async store(bytes: Buffer): Promise<{ fileKey: string; width: number; height: number }> {
    const image = await processAdminImage(bytes);
    const fileKey = contentKey([image.full.bytes, image.thumbnail.bytes]);
    await this.files.write(fileKey, [
      { variant: 'full', bytes: image.full.bytes },
      { variant: 400, bytes: image.thumbnail.bytes },
    ]);
    return { fileKey, width: image.full.width, height: image.full.height };
  }
}
