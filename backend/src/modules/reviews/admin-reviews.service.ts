import { Injectable } from '@nestjs/common';
import { ConflictError, DomainError, NotFoundError } from '../../common/domain-error';
import { REVIEW_STATUSES, type ReviewStatus } from '../../database/schema';
import { AuditService } from '../audit';
import { AdminListQueryDto, idsFilter, parseAdminList, textFilter } from '../../common/admin-list';
import { likeEscape } from '../../common/like-pattern';
import type { AdminReviewDto } from './admin-reviews.dto';
import { AdminReviewRow, ReviewsRepository } from './reviews.repository';
import { isUuid } from '@rdv/sectors';
import { Transactions } from '../../database/database.module';

function toDto(row: AdminReviewRow): AdminReviewDto {
  return {
    id: row.id,
    userId: row.userId,
    professionalName: row.professionalName,
    attendeeId: row.attendeeId,
    rating: row.rating,
    comment: row.comment,
    authorName: row.authorName,
    status: row.status,
    rejectionReason: row.rejectionReason,
    publishedAt: row.publishedAt ? row.publishedAt.toISOString() : null,
    moderatedAt: row.moderatedAt ? row.moderatedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    handEntered: row.handEntered,
  };
}

const notFound = () => new NotFoundError('REVIEW_NOT_FOUND', 'Avis introuvable');

/** Moderation queue: publish (counted in the schema rating from then on) or reject with a reason. */
@Injectable()
export class AdminReviewsService {
  constructor(
    private readonly repository: ReviewsRepository,
    private readonly transactions: Transactions,
    private readonly audit: AuditService,
  ) {}

  async list(query: AdminListQueryDto) {
    const params = parseAdminList(query, ['createdAt', 'rating', 'status'] as const, 'createdAt');
    if (!query.sort) params.order = 'DESC';
    const f = params.filter;
    if (f.status !== undefined && f.status !== '' && !REVIEW_STATUSES.includes(f.status as ReviewStatus))
      throw new DomainError('VALIDATION_FAILED', 'Statut d’avis inconnu', 400);
    if (f.userId !== undefined && (typeof f.userId !== 'string' || !isUuid(f.userId)))
      throw new DomainError('VALIDATION_FAILED', 'Le filtre professionnel est invalide', 400);
    const q = textFilter(f);
    const { rows, total } = await this.repository.listForAdmin(
      {
        status: (f.status || undefined) as ReviewStatus | undefined,
        userId: f.userId as string | undefined,
        q: q ? likeEscape(q) : undefined,
        ids: idsFilter(f)?.filter((id): id is string => typeof id === 'string' && isUuid(id)),
      },
      { field: params.sortField, order: params.order },
      { offset: params.offset, limit: params.limit },
    );
    return { rows: rows.map(toDto), offset: params.offset, total };
  }

  async get(id: string): Promise<AdminReviewDto> {
    const row = await this.repository.findForAdmin(id);
    if (!row) throw notFound();
    return toDto(row);
  }

  publish(adminId: string, id: string): Promise<AdminReviewDto> {
    return this.decide(adminId, id, 'published', null);
  }

  reject(adminId: string, id: string, reason: string): Promise<AdminReviewDto> {
    const clean = reason.trim();
    if (clean.length < 3)
      throw new DomainError('VALIDATION_FAILED', 'Le motif du rejet est obligatoire', 400);
    return this.decide(adminId, id, 'rejected', clean);
  }

  private async decide(
    adminId: string,
    id: string,
    status: 'published' | 'rejected',
    reason: string | null,
  ): Promise<AdminReviewDto> {
    return this.transactions.run(async (tx) => {
      const before = await this.repository.findForAdmin(id, tx, true);
      if (!before) throw notFound();
      if (status === 'published' && before.handEntered)
        throw new ConflictError(
          'REVIEW_HAND_ENTERED',
          'Cet avis porte sur un rendez-vous saisi par le professionnel : il ne peut pas être publié.',
        );
      await this.repository.moderate(tx, id, { status, rejectionReason: reason });
      const after = (await this.repository.findForAdmin(id, tx))!;
      await this.audit.record(tx, {
        adminId,
        action: status === 'published' ? 'publish' : 'reject',
        resource: 'reviews',
        resourceId: id,
        before: toDto(before),
        after: toDto(after),
      });
      return toDto(after);
    });
  }
}
