import { Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { ReplicaReads } from '../../database/database.module';

type Row = { key: string; lastmod: Date };

/**
 * What the sitemaps list; each query reads only public, active content, from the read replica when
 * there is one (a crawler may see a change a replication delay late).
 */
@Injectable()
export class SeoRepository {
  constructor(private readonly db: ReplicaReads) {}

  /**
   * Public professionals (active, sign-up finished) who did not opt out of indexing: file `file` (from 1) of them,
   * `perFile` per file, in URI order. The file's first URI is found by skipping the previous files' entries of the
   * URI index, then the file is read from it (keyset on the URI).
   */
  async indexableProfilesFile(file: number, perFile: number): Promise<Row[]> {
    const { rows } = await this.db.execute<Row>(sql`
      SELECT u.user_uri AS key, u.updated_at AS lastmod FROM users u
      WHERE u.is_public AND u.indexable
        AND u.user_uri >= (SELECT f.user_uri FROM users f WHERE f.is_public AND f.indexable
                           ORDER BY f.user_uri OFFSET ${(file - 1) * perFile} LIMIT 1)
      ORDER BY u.user_uri
      LIMIT ${perFile}`);
    return rows;
  }

  /** How many indexable profiles there are (the number of profiles sitemap files follows). */
  async indexableProfileCount(): Promise<number> {
    const { rows } = await this.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM users u WHERE u.is_public AND u.indexable`,
    );
    return Number(rows[0].n);
  }

  /** Cities with public professionals; lastmod = latest change among them. */
  async cities(): Promise<Row[]> {
    const { rows } = await this.db.execute<Row>(sql`
      SELECT c.city_uri AS key, max(u.updated_at) AS lastmod
      FROM users u JOIN cities c ON c.id = u.city_id
      WHERE u.is_public
      GROUP BY c.city_uri
      ORDER BY c.city_uri`);
    return rows;
  }

  /** Departments with public professionals, as 'departement/{code}' (the code in lower case: 2a, 2b). */
  async departments(): Promise<Row[]> {
    const { rows } = await this.db.execute<Row>(sql`
      SELECT 'departement/' || lower(c.department_code) AS key, max(u.updated_at) AS lastmod
      FROM users u JOIN cities c ON c.id = u.city_id
      WHERE u.is_public
      GROUP BY c.department_code
      ORDER BY c.department_code`);
    return rows;
  }

  /** City x speciality pairs that have results, as 'cityUri/slug'. */
  async citySpecialities(): Promise<Row[]> {
    const { rows } = await this.db.execute<Row>(sql`
      SELECT c.city_uri || '/' || s.slug AS key, max(u.updated_at) AS lastmod
      FROM users u
      JOIN cities c ON c.id = u.city_id
      JOIN user_specialities us ON us.user_id = u.id
      JOIN specialities s ON s.id = us.speciality_id
      WHERE u.is_public
      GROUP BY c.city_uri, s.slug
      ORDER BY 1`);
    return rows;
  }

  /** Offices with at least one public professional. */
  async offices(): Promise<Row[]> {
    const { rows } = await this.db.execute<Row>(sql`
      SELECT t.team_uri AS key, greatest(t.updated_at, max(u.updated_at)) AS lastmod
      FROM teams t JOIN users u ON u.team_id = t.id AND u.is_public
      GROUP BY t.id
      ORDER BY t.team_uri`);
    return rows;
  }

  async publishedArticles(): Promise<Row[]> {
    const { rows } = await this.db.execute<Row>(sql`
      SELECT p.slug AS key, p.updated_at AS lastmod FROM posts p
      WHERE p.published_at IS NOT NULL AND p.published_at <= now()
      ORDER BY p.published_at DESC`);
    return rows;
  }
}
