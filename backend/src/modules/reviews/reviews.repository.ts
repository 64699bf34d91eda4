import { Injectable } from '@nestjs/common';
import { and, asc, avg, count, desc, eq, ilike, inArray, or, sql, SQL } from 'drizzle-orm';
import { InjectDb } from '../../database/database.module';
import type { Database, DbOrTx } from '../../database/database.types';
import { reviews, users, type ReviewStatus } from '../../database/schema';

export type AdminReviewRow = typeof reviews.$inferSelect & { professionalName: string };

const adminColumns = {
  id: reviews.id,
  userId: reviews.userId,
  attendeeId: reviews.attendeeId,
  rating: reviews.rating,
  comment: reviews.comment,
  authorName: reviews.authorName,
  status: reviews.status,
  publishedAt: reviews.publishedAt,
  rejectionReason: reviews.rejectionReason,
  moderatedAt: reviews.moderatedAt,
  createdAt: reviews.createdAt,
  professionalName: sql<string>`concat_ws(' ', ${users.firstName}, ${users.lastName})`,
};

@Injectable()
export class ReviewsRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  async publishedAggregate(): Promise<{ average: number | null; ratings: number }> {
    const [row] = await this.db
      .select({
        average: avg(reviews.rating),
        ratings: count(),
      })
      .from(reviews)
      .where(eq(reviews.status, 'published'));
    return { average: row.average === null ? null : Number(row.average), ratings: row.ratings };
  }

  get database(): Database {
    return this.db;
  }

  /** The moderation queue: status / professional / text filters. */
  async listForAdmin(
    filter: { status?: ReviewStatus; userId?: string; q?: string; ids?: string[] },
    sort: { field: 'createdAt' | 'rating' | 'status'; order: 'ASC' | 'DESC' },
    page: { offset: number; limit: number },
  ): Promise<{ rows: AdminReviewRow[]; total: number }> {
    const conditions: SQL[] = [];
    if (filter.status) conditions.push(eq(reviews.status, filter.status));
    if (filter.userId) conditions.push(eq(reviews.userId, filter.userId));
    if (filter.q)
      conditions.push(
        or(ilike(reviews.comment, `%${filter.q}%`), ilike(reviews.authorName, `%${filter.q}%`)) as SQL,
      );
    if (filter.ids) conditions.push(filter.ids.length ? inArray(reviews.id, filter.ids) : sql`false`);
    const where = conditions.length ? and(...conditions) : undefined;
    const column = reviews[sort.field];
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select(adminColumns)
        .from(reviews)
        .innerJoin(users, eq(users.id, reviews.userId))
        .where(where)
        .orderBy(sort.order === 'DESC' ? desc(column) : asc(column), asc(reviews.id))
        .limit(page.limit)
        .offset(page.offset),
      this.db.select({ total: count() }).from(reviews).where(where),
    ]);
    return { rows, total };
  }

  async findForAdmin(id: string, db: DbOrTx = this.db, lock = false): Promise<AdminReviewRow | undefined> {
    const query = db
      .select(adminColumns)
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .where(eq(reviews.id, id));
    const [row] = lock ? await query.for('update', { of: reviews }) : await query;
    return row;
  }

  async moderate(
    tx: DbOrTx,
    id: string,
    decision: { status: 'published' | 'rejected'; rejectionReason: string | null },
  ): Promise<void> {
    await tx
      .update(reviews)
      .set({
        status: decision.status,
        rejectionReason: decision.rejectionReason,
        moderatedAt: sql`now()`,
        publishedAt: decision.status === 'published' ? sql`coalesce(${reviews.publishedAt}, now())` : null,
      })
      .where(eq(reviews.id, id));
  }
}
