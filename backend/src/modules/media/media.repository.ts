import { Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, ilike, inArray, or, sql, SQL } from 'drizzle-orm';
import { InjectDb, Transactions } from '../../database/database.module';
import type { Database } from '../../database/database.types';
import { images, posts, teams, users } from '../../database/schema';
import type { AdminListParams } from '../../common/admin-list';
import { MEDIA_URL_PREFIX } from './media-files';

export type ImageRow = typeof images.$inferSelect;
export type NewImageRow = typeof images.$inferInsert;
export type ImageSortField = 'id' | 'title' | 'alt' | 'width' | 'height' | 'createdAt' | 'updatedAt';

/** The SQL of the media module: admin images, and the one column of `users` it owns (`picture`). */
@Injectable()
export class MediaRepository {
  constructor(
    @InjectDb() private readonly db: Database,
    private readonly transactions: Transactions,
  ) {}

  // ---- admin images ----

  async listImages(
    params: AdminListParams<ImageSortField>,
    q: string | undefined,
    ids: number[] | undefined,
  ): Promise<{ rows: ImageRow[]; total: number }> {
    const conditions: SQL[] = [];
    // `q` arrives LIKE-escaped (admin-list likeEscape).
    if (q) conditions.push(or(ilike(images.title, `%${q}%`), ilike(images.alt, `%${q}%`)) as SQL);
    if (ids) conditions.push(inArray(images.id, ids));
    const where = conditions.length ? and(...conditions) : undefined;
    const column = images[params.sortField];
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select()
        .from(images)
        .where(where)
        .orderBy(params.order === 'DESC' ? desc(column) : asc(column), asc(images.id))
        .limit(params.limit)
        .offset(params.offset),
      this.db.select({ total: count() }).from(images).where(where),
    ]);
    return { rows, total };
  }

  async findImage(id: number): Promise<ImageRow | undefined> {
    const [row] = await this.db.select().from(images).where(eq(images.id, id));
    return row;
  }

  async insertImage(values: NewImageRow): Promise<ImageRow> {
    const [row] = await this.db.insert(images).values(values).returning();
    return row;
  }

  async updateImage(
    id: number,
    patch: Partial<Pick<NewImageRow, 'title' | 'alt' | 'fileKey' | 'width' | 'height'>>,
  ): Promise<{ row: ImageRow; previousKey: string } | undefined> {
    // Read the previous key under the row lock: a concurrent update cannot make us forget which
    // files the row pointed to.
    return this.transactions.run(async (tx) => {
      const [before] = await tx
        .select({ fileKey: images.fileKey })
        .from(images)
        .where(eq(images.id, id))
        .for('update');
      if (!before) return undefined;
      const [row] = await tx
        .update(images)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(eq(images.id, id))
        .returning();
      return { row, previousKey: before.fileKey };
    });
  }

  async deleteImage(id: number): Promise<ImageRow | undefined> {
    const [row] = await this.db.delete(images).where(eq(images.id, id)).returning();
    return row;
  }

  // ---- professionals' photos ----

  /**
   * Sets `users.picture` and returns the value it replaces (undefined: no such professional).
   * The accounts module owns the rest of the row; this module only writes the photo URL it
   * produced, after AccountsService has checked the caller may manage the professional.
   */
  async setUserPicture(
    userId: string,
    picture: string | null,
  ): Promise<{ previous: string | null } | undefined> {
    return this.transactions.run(async (tx) => {
      const [before] = await tx
        .select({ picture: users.picture })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      if (!before) return undefined;
      await tx
        .update(users)
        .set({ picture, updatedAt: sql`now()` })
        .where(eq(users.id, userId));
      return { previous: before.picture };
    });
  }

  /**
   * Whether anything still points at the files of `key`: a professional's or an office's photo, an admin image
   * row, or an article (its HTML may embed an admin image's URL). Files are removed only when
   * this is false. `key` is 32 hex characters, so it needs no LIKE escaping.
   */
  async mediaKeyInUse(key: string): Promise<boolean> {
    const urlPattern = `${MEDIA_URL_PREFIX}${key}%`;
    const result = await this.db.execute<{ used: boolean }>(sql`
      SELECT EXISTS (SELECT 1 FROM ${users} WHERE ${users.picture} LIKE ${urlPattern})
          OR EXISTS (SELECT 1 FROM ${teams} WHERE ${teams.picture} LIKE ${urlPattern})
          OR EXISTS (SELECT 1 FROM ${images} WHERE ${images.fileKey} = ${key})
          OR EXISTS (SELECT 1 FROM ${posts} WHERE ${posts.content} LIKE ${`%${key}%`}) AS used`);
    return result.rows[0]?.used === true;
  }
}
