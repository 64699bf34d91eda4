import { Inject, Injectable } from '@nestjs/common';
import { sql, SQL } from 'drizzle-orm';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { constantOfPlan, ReplicaReads } from '../../database/database.module';
import { REMOTE_TOTAL_CAP } from './directory.dto';
import {
  CARD_FROM,
  type CardRow,
  cardColumns,
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
  private readonly cardColumns: SQL;

  constructor(
    private readonly reads: ReplicaReads,
    @Inject(ENV) env: Env,
  ) {
    this.visioOffered = visioOfferedSql(Boolean(env.JITSI_BASE_URL));
    this.cardColumns = cardColumns(this.visioOffered);
  }

  /**
   * Professionals taking online booking who consult by video or phone (`modes`: either of them), matching the
   * filters, outside `exceptCityId` and `exceptIds` (listed above them already): the cards of the `cap` nearest to
   * `origin` (those without coordinates last, then in listing order), with how many there are, counted up to
   * REMOTE_TOTAL_CAP (`capped`: there are more).
   *
   * One statement in the usual case: the nearest are a nearest-neighbour read of users_public_globe_idx that stops
   * at the `cap`-th (directory.repository nearestWithin), their cards are read with them (the section keeps a few
   * of them once the slot engine has ranked them, so no second read by id), and the count comes in the same row
   * set. A second statement only when fewer than `cap` have coordinates. It was three statements, two of them in
   * sequence: one round trip fewer per search where PostgreSQL is across a network (on one machine, side by side,
   * the throughput did not change).
   */
  async remoteCandidates(
    origin: { latitude: number; longitude: number } | null,
    filters: SearchFilters,
    modes: readonly RemoteMode[],
    except: { cityId: number; ids: string[] },
    cap: number,
  ): Promise<{ candidates: CardRow[]; total: number; capped: boolean }> {
    // The phone first: PostgreSQL stops an OR at its first true term, and the video test reads two more tables
    // (the count of a big market ran 1.55 -> 1.3 ms with this order).
    const remote = sql.join(
      (['phone', 'visio'] as const)
        .filter((mode) => modes.includes(mode))
        .map((mode) => (mode === 'visio' ? this.visioOffered : sql`u.phone_enabled`)),
      sql` OR `,
    );
    // One array parameter, not a list: the text stays the same whatever the page showed (a cached plan below).
    const exceptIds = except.ids.length > 0 ? sql` AND u.id <> ALL(${sql.param(except.ids)}::uuid[])` : sql``;
    const where = sql`u.is_public AND u.accepts_online_booking AND (${remote})
        AND u.city_id IS DISTINCT FROM ${except.cityId}${exceptIds}${matching(filters, this.visioOffered)}`;
    const counted = sql`SELECT count(*)::int AS remote_total FROM (SELECT 1 FROM users u WHERE ${where} LIMIT ${constantOfPlan(REMOTE_TOTAL_CAP + 1)}) capped`;
    // The count's row always comes back; the cards join it (none: one row without a card).
    const { rows } = await this.reads.execute<CardRow & { remote_total: number; distance_km: number | null }>(
      origin
        ? sql`
          SELECT counted.remote_total, cards.*
          FROM (${counted}) counted
          LEFT JOIN LATERAL (
            SELECT ${this.cardColumns}, near.distance_km
            FROM (${nearestWithin(
              origin,
              sql`${where} AND u.latitude IS NOT NULL AND u.longitude IS NOT NULL`,
              constantOfPlan(cap),
              LISTING_ORDER,
            )}) near
            JOIN (${CARD_FROM}) ON u.id = near.id
          ) cards ON true
          ORDER BY cards.distance_km, cards.accepts_online_booking DESC, cards.last_name COLLATE "fr-x-icu", cards.first_name COLLATE "fr-x-icu", cards.id`
        : counted,
      // The same nearest-neighbour read whatever the point: its generic plan (kept once its limits are written
      // in, constantOfPlan) runs as fast as a custom one (3.3 against 3.6 ms) and saves 2.2 ms of planning.
      { cachedPlan: origin !== null && unfiltered(filters) },
    );
    const candidates: CardRow[] = rows.filter((row) => row.id);
    if (candidates.length < cap) {
      const { rows: unlocated } = await this.reads.execute<CardRow>(sql`
        SELECT ${this.cardColumns} FROM ${CARD_FROM}
        WHERE ${where}${origin ? sql` AND (u.latitude IS NULL OR u.longitude IS NULL)` : sql``}
        ORDER BY ${LISTING_ORDER}
        LIMIT ${cap - candidates.length}`);
      candidates.push(...unlocated);
    }
    const n = Number(rows[0].remote_total);
    return { candidates, total: Math.min(n, REMOTE_TOTAL_CAP), capped: n > REMOTE_TOTAL_CAP };
  }
}
