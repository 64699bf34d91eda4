import { Inject, Injectable } from '@nestjs/common';
import { sql, SQL } from 'drizzle-orm';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { ReplicaReads } from '../../database/database.module';
import { REMOTE_TOTAL_CAP } from './directory.dto';
import {
  LISTING_ORDER,
  matching,
  nearestWithin,
  type SearchFilters,
  unfiltered,
  visioOfferedSql,
} from './directory.repository';

/** The ways of consulting from afar: a remote professional offers one of them. */
export type RemoteMode = 'visio' | 'phone';

/**
 * Reads of the search's outer sections (professionals who consult by video or phone anywhere in France), on the
 * read replica like the rest of the public directory.
 */
@Injectable()
export class SearchReachRepository {
  private readonly visioOffered: SQL;

  constructor(
    private readonly reads: ReplicaReads,
    @Inject(ENV) env: Env,
  ) {
    this.visioOffered = visioOfferedSql(Boolean(env.JITSI_BASE_URL));
  }

  /**
   * Professionals taking online booking who consult by video or phone (`modes`: either of them), matching the
   * filters, outside `exceptCityId` and `exceptIds` (listed above them already): the `cap` nearest to `origin`
   * (those without coordinates last, then in listing order), with how many there are, counted up to
   * REMOTE_TOTAL_CAP (`capped`: there are more). The nearest are a nearest-neighbour read of
   * users_public_globe_idx that stops at the `cap`-th (directory.repository nearestWithin); the whole country's
   * remote professionals were read, measured and sorted before (34,000 rows at 80,000 professionals).
   */
  async remoteCandidates(
    origin: { latitude: number; longitude: number } | null,
    filters: SearchFilters,
    modes: readonly RemoteMode[],
    except: { cityId: number; ids: string[] },
    cap: number,
  ): Promise<{ ids: string[]; total: number; capped: boolean }> {
    const remote = sql.join(
      modes.map((mode) => (mode === 'visio' ? this.visioOffered : sql`u.phone_enabled`)),
      sql` OR `,
    );
    // One array parameter, not a list: the text stays the same whatever the page showed (a cached plan below).
    const exceptIds = except.ids.length > 0 ? sql` AND u.id <> ALL(${sql.param(except.ids)}::uuid[])` : sql``;
    const where = sql`u.is_public AND u.accepts_online_booking AND (${remote})
        AND u.city_id IS DISTINCT FROM ${except.cityId}${exceptIds}${matching(filters, this.visioOffered)}`;
    const [located, counted] = await Promise.all([
      origin
        ? this.reads.execute<{ id: string }>(
            sql`${nearestWithin(
              origin,
              sql`${where} AND u.latitude IS NOT NULL AND u.longitude IS NOT NULL`,
              cap,
              LISTING_ORDER,
            )}`,
            // The same nearest-neighbour read whatever the point: its generic plan saves 1 ms of planning.
            { cachedPlan: unfiltered(filters) },
          )
        : { rows: [] as Array<{ id: string }> },
      this.reads.execute<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM (SELECT 1 FROM users u WHERE ${where} LIMIT ${REMOTE_TOTAL_CAP + 1}) capped`),
    ]);
    const ids = located.rows.map((row) => row.id);
    if (ids.length < cap) {
      const { rows } = await this.reads.execute<{ id: string }>(sql`
        SELECT u.id FROM users u
        WHERE ${where}${origin ? sql` AND (u.latitude IS NULL OR u.longitude IS NULL)` : sql``}
        ORDER BY ${LISTING_ORDER}
        LIMIT ${cap - ids.length}`);
      ids.push(...rows.map((row) => row.id));
    }
    const n = Number(counted.rows[0].n);
    return { ids, total: Math.min(n, REMOTE_TOTAL_CAP), capped: n > REMOTE_TOTAL_CAP };
  }
}
