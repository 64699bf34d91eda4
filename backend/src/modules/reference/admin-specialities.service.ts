import { Injectable } from '@nestjs/common';
import { ConflictError, NotFoundError } from '../../common/domain-error';
import { AuditService } from '../audit';
import { AdminListQueryDto, idsFilter, parseAdminList, textFilter } from '../../common/admin-list';
import { likeEscape } from '../../common/like-pattern';
import type { AdminSpecialityDto, UpdateSpecialityDto } from './admin-specialities.dto';
import { ReferenceRepository, SpecialityRow } from './reference.repository';
import { Transactions } from '../../database/database.module';

const toDto = (row: SpecialityRow): AdminSpecialityDto => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  position: row.position,
  enabled: row.enabled,
});
const notFound = () => new NotFoundError('SPECIALITY_NOT_FOUND', 'Domaine de compétence introuvable');

/** Specialities in the console: name, slug (old URLs answer 301), order, enabled. */
@Injectable()
export class AdminSpecialitiesService {
  constructor(
    private readonly repository: ReferenceRepository,
    private readonly transactions: Transactions,
    private readonly audit: AuditService,
  ) {}

  async list(query: AdminListQueryDto) {
    const params = parseAdminList(query, ['position', 'name', 'slug'] as const, 'position');
    const q = textFilter(params.filter);
    const { rows, total } = await this.repository.listForAdmin(
      {
        q: q ? likeEscape(q) : undefined,
        ids: idsFilter(params.filter)
          ?.map(Number)
          .filter((n) => Number.isInteger(n) && n > 0 && n < 2_147_483_648),
      },
      { field: params.sortField, order: params.order },
      { offset: params.offset, limit: params.limit },
    );
    return { rows: rows.map(toDto), offset: params.offset, total };
  }

  async get(id: number): Promise<AdminSpecialityDto> {
    const row = await this.repository.find(id);
    if (!row) throw notFound();
    return toDto(row);
  }

  async update(adminId: string, id: number, dto: UpdateSpecialityDto): Promise<AdminSpecialityDto> {
    return this.transactions.run(async (tx) => {
      const before = await this.repository.find(id, tx, true);
      if (!before) throw notFound();
      if (
        dto.slug !== undefined &&
        dto.slug !== before.slug &&
        (await this.repository.slugTaken(tx, dto.slug, id))
      )
        throw new ConflictError('SLUG_ALREADY_EXISTS', 'Un domaine de compétence utilise déjà ce slug');
      const after = await this.repository.update(tx, id, {
        name: dto.name?.trim(),
        slug: dto.slug,
        position: dto.position,
        enabled: dto.enabled,
      });
      if (dto.slug !== undefined && dto.slug !== before.slug)
        await this.repository.recordSlugChange(tx, id, before.slug, dto.slug);
      await this.audit.record(tx, {
        adminId,
        action: 'update',
        resource: 'specialities',
        resourceId: id,
        before: toDto(before),
        after: toDto(after),
      });
      return toDto(after);
    });
  }
}
