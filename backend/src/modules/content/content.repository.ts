import { Injectable } from '@nestjs/common';
import { and, count, desc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { InjectDb } from '../../database/database.module';
import type { Database, DbOrTx } from '../../database/database.types';
import { posts, redirects, registrationRequests, reviews, users } from '../../database/schema';

export type PostRow = typeof posts.$inferSelect;
export type NewRegistrationRequest = typeof registrationRequests.$inferInsert;

const articleSummary = {
  id: posts.id,
  slug: posts.slug,
  title: posts.title,
  excerpt: posts.excerpt,
  author: posts.author,
  publishedAt: posts.publishedAt,
  updatedAt: posts.updatedAt,
};

const isPublished = and(isNotNull(posts.publishedAt), lte(posts.publishedAt, sql`now()`));

@Injectable()
export class ContentRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  async publishedArticles(limit: number, offset: number) {
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select(articleSummary)
        .from(posts)
        .where(isPublished)
        .orderBy(desc(posts.publishedAt), desc(posts.id))
        .limit(limit)
        .offset(offset),
      this.db.select({ total: count() }).from(posts).where(isPublished),
    ]);
    return { rows, total };
  }

  async publishedArticle(idOrSlug: { id: number } | { slug: string }): Promise<PostRow | undefined> {
    const key = 'id' in idOrSlug ? eq(posts.id, idOrSlug.id) : eq(posts.slug, idOrSlug.slug);
    const [row] = await this.db.select().from(posts).where(and(key, isPublished)).limit(1);
    return row;
  }

  async publishedReviews(limit: number, offset: number) {
    const published = eq(reviews.status, 'published');
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select({
          id: reviews.id,
          rating: reviews.rating,
          comment: reviews.comment,
          authorName: reviews.authorName,
          publishedAt: reviews.publishedAt,
          createdAt: reviews.createdAt,
          userUri: users.userUri,
          firstName: users.firstName,
          lastName: users.lastName,
          userPublic: users.isPublic,
        })
        .from(reviews)
        .innerJoin(users, eq(users.id, reviews.userId))
        .where(published)
        .orderBy(sql`coalesce(${reviews.publishedAt}, ${reviews.createdAt}) DESC`, desc(reviews.id))
        .limit(limit)
        .offset(offset),
      this.db.select({ total: count() }).from(reviews).where(published),
    ]);
    return { rows, total };
  }

  /**
   * Serialises the requests of one email address until the transaction ends, then finds its
   * request still waiting for an administrator, if any: the same request sent twice (a double
   * click, a resent form, two tabs) is one row and one mail, even when both arrive together.
   */
  async lockPendingRegistrationRequest(
    tx: DbOrTx,
    email: string,
  ): Promise<{ id: string; createdAt: Date } | undefined> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`registration-request:${email}`}))`);
    const [row] = await tx
      .select({ id: registrationRequests.id, createdAt: registrationRequests.createdAt })
      .from(registrationRequests)
      .where(and(eq(registrationRequests.email, email), isNull(registrationRequests.handledAt)))
      .limit(1);
    return row;
  }

  async insertRegistrationRequest(
    tx: DbOrTx,
    values: NewRegistrationRequest,
  ): Promise<{ id: string; createdAt: Date }> {
    const [row] = await tx
      .insert(registrationRequests)
      .values(values)
      .returning({ id: registrationRequests.id, createdAt: registrationRequests.createdAt });
    return row;
  }

  async findRedirect(
    fromPaths: string[],
  ): Promise<{ fromPath: string; toPath: string; status: number } | undefined> {
    const rows = await this.db
      .select({ fromPath: redirects.fromPath, toPath: redirects.toPath, status: redirects.status })
      .from(redirects)
      .where(inArray(redirects.fromPath, fromPaths));
    // The exact path wins over its trailing-slash variant.
    return fromPaths.map((p) => rows.find((r) => r.fromPath === p)).find((r) => r !== undefined);
  }
}
