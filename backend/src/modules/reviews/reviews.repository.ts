import { Injectable } from '@nestjs/common';
import { and, asc, avg, count, desc, eq, ilike, inArray, or, sql, SQL } from 'drizzle-orm';
import { InjectDb } from '../../database/database.module';
import type { Database, DbOrTx } from '../../database/database.types';
import { reviews, users, type ReviewStatus } from '../../database/schema';

export type AdminReviewRow = typeof reviews.$inferSelect & { professionalName: string; handEntered: boolean };

const adminColumns = {
  id: reviews.id,
  userId: reviews.userId,
  attendeeId: reviews.attendeeId,
  appointmentId: reviews.appointmentId,
  rating: reviews.rating,
  comment: reviews.comment,
  authorName: reviews.authorName,
  status: reviews.status,
  publishedAt: reviews.publishedAt,
  rejectionReason: reviews.rejectionReason,
  moderatedAt: reviews.moderatedAt,
  createdAt: reviews.createdAt,
  professionalName: sql<string>`concat_ws(' ', ${users.firstName}, ${users.lastName})`,
  /** Left on a meeting the professional entered by hand (links of that kind are no longer sent). */
  handEntered: sql<boolean>`EXISTS (SELECT 1 FROM appointment_details d WHERE d.appointment_id = ${reviews.appointmentId} AND d.created_by = 'user')`,
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

  /**
   * Marks the meetings that ended between `from` and `until` (confirmed, with a client) as invited to be
   * reviewed and answers them: one invitation per appointment, whichever worker runs the scan first.
   * Only meetings the client booked through the site: one the professional entered by hand, with any
   * address they like, would let them review themselves.
   */
  async claimReviewInvitations(tx: DbOrTx, from: Date, until: Date): Promise<{ appointmentId: string }[]> {
    const { rows } = await tx.execute<{ appointment_id: string }>(sql`
      UPDATE appointments a SET review_invited_at = now()
      WHERE a.id IN (
        SELECT id FROM appointments
        WHERE status = 'confirmed' AND attendee_id IS NOT NULL AND review_invited_at IS NULL
          AND ends_at > ${from.toISOString()} AND ends_at <= ${until.toISOString()}
          AND ${bookedByClient(sql`appointments.id`)}
        ORDER BY ends_at LIMIT 500
        FOR UPDATE SKIP LOCKED)
      RETURNING a.id AS appointment_id`);
    return rows.map((row) => ({ appointmentId: row.appointment_id }));
  }

  /** What the review page and the invitation mail show of a meeting. */
  async reviewableAppointment(appointmentId: string): Promise<ReviewableAppointment | undefined> {
    const { rows } = await this.db.execute<ReviewableAppointment>(sql`
      SELECT a.id, a.user_id, a.attendee_id, a.status, a.starts_at, a.ends_at, a.timezone,
             concat_ws(' ', u.first_name, u.last_name) AS professional_name, u.civility AS professional_civility,
             at.email AS attendee_email, at.first_name AS attendee_first_name, at.last_name AS attendee_last_name,
             EXISTS (SELECT 1 FROM reviews r WHERE r.appointment_id = a.id) AS reviewed,
             ${bookedByClient(sql`a.id`)} AS booked_by_client
      FROM appointments a
      JOIN users u ON u.id = a.user_id
      LEFT JOIN attendees at ON at.id = a.attendee_id
      WHERE a.id = ${appointmentId}`);
    return rows[0];
  }

  /** false when the appointment already has its review (one per meeting). */
  async insertAppointmentReview(review: {
    appointmentId: string;
    userId: string;
    attendeeId: string | null;
    rating: number;
    comment: string | null;
    authorName: string;
  }): Promise<boolean> {
    const rows = await this.db
      .insert(reviews)
      .values({ ...review, status: 'pending' })
      .onConflictDoNothing({ target: reviews.appointmentId })
      .returning({ id: reviews.id });
    return rows.length === 1;
  }
}

export type ReviewableAppointment = {
  id: string;
  user_id: string;
  attendee_id: string | null;
  status: string;
  starts_at: Date | string;
  ends_at: Date | string;
  timezone: string;
  professional_name: string;
  professional_civility: string | null;
  attendee_email: string | null;
  attendee_first_name: string | null;
  attendee_last_name: string | null;
  reviewed: boolean;
  /** Booked by the client through the site (not entered by the professional): the only meetings reviewed. */
  booked_by_client: boolean;
};

/** SQL condition: the appointment `id` was booked by the client through the site. */
function bookedByClient(id: SQL) {
  return sql`EXISTS (SELECT 1 FROM appointment_details d WHERE d.appointment_id = ${id} AND d.created_by = 'attendee')`;
}
