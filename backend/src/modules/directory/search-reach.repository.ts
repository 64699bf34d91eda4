import { Inject, Injectable } from '@nestjs/common';
import { sql, SQL } from 'drizzle-orm';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { constantOfPlan, ReplicaReads } from '../../database/database.module';
import { REMOTE_TOTAL_CAP } from './directory.dto';
import {
  type CardReadRows,
  CardReads,
  distanceFrom,
  LISTING_ORDER,
  matching,
  nearestWithin,
  type SearchFilters,
  unfiltered,
  visioOfferedSql,
} from './directory.repository';

/**
 * Up to this many matching remote professionals, a filtered section's pool is all of them sorted by distance
 * rather than a nearest-neighbour read of users_public_globe_idx: that read tests every professional it passes, of
 * any speciality, until it holds the pool (5,000 professionals, a speciality with 146 remote: 1,083 passed, 3.4 ms),
 * and a rare speciality's nearest may be across the country. Reading the few through users_remote_speciality_idx
 * and sorting them grows with them alone.
 */
const REMOTE_SORTED_UP_TO = 300;

/** The ways of consulting from afar: a remote professional offers one of them. */
export type RemoteMode = 'visio' | 'phone';

/**
 * Reads of the search's outer sections (professionals who consult by video or phone anywhere in France), on the
 * read replica like the rest of the public directory.
 */
@Injectable()
export class SearchReachRepository {
  private readonly visioOffered: SQL;
  private readonly cards: CardReads;

  constructor(
    private readonly reads: ReplicaReads,
    @Inject(ENV) env: Env,
  ) {
    this.visioOffered = visioOfferedSql(Boolean(env.JITSI_BASE_URL));
    this.cards = new CardReads(reads, this.visioOffered);
  }

  /**
   * Professionals taking online booking who consult by video or phone (`modes`: either of them), matching the
   * filters, outside `exceptCityId` and `exceptIds` (listed above them already): the `size` soonest by their stored
   * first free slot (`next_free_slot_at`) among the `candidates` nearest to `origin` (those without coordinates
   * after them, in listing order), equals and those without a slot nearest first; with their cards and distance,
   * and how many there are, counted up to REMOTE_TOTAL_CAP (`capped`: there are more).
   *
   * One statement: the nearest are a nearest-neighbour read of users_public_globe_idx that stops at the
   * `candidates`-th (directory.repository nearestWithin), topped up with unplaced professionals only when fewer
   * have coordinates (a LIMIT of zero reads nothing), ranked by the stored slot, and only the kept few get their
   * card's columns. With filters (planned per search) a first statement counts up to the cap and, when there are
   * REMOTE_SORTED_UP_TO or fewer, sorts them all by distance (read through the speciality's index) in the same
   * statement; more, a second one walks, given the count. The stored slot is what "soonest first" pages by everywhere
   * (the refresher keeps it within a minute, and at once for whatever takes or frees a slot); the section's cards
   * then come in the order of their live slots (search-reach.service). Ranking the twenty by the slot engine cost a
   * slot context per candidate on every search that reached this section.
   */
  async remoteSection(
    origin: { latitude: number; longitude: number } | null,
    filters: SearchFilters,
    modes: readonly RemoteMode[],
    except: { cityId: number; ids: string[] },
    { candidates, size }: { candidates: number; size: number },
  ): Promise<{ found: CardReadRows<{ distance_km: number | null }>; total: number; capped: boolean }> {
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
    const cachedPlan = unfiltered(filters);
    const counted = sql`SELECT count(*)::int AS remote_total FROM (SELECT 1 FROM users u WHERE ${where} LIMIT ${constantOfPlan(REMOTE_TOTAL_CAP + 1)}) capped`;
    const unplaced = (limit: SQL) => sql`
      SELECT u.id, NULL::float8 AS distance_km FROM users u
      WHERE ${where}${origin ? sql` AND (u.latitude IS NULL OR u.longitude IS NULL)` : sql``}
      ORDER BY ${LISTING_ORDER} LIMIT ${limit}`;
    // Filtered, the count first: up to REMOTE_SORTED_UP_TO, all of them are read through the speciality's index and
    // sorted by distance (placed first, nearest first, then in listing order), in the same statement; none ends the
    // section there. More: the walk below, given the count (counted once whatever the speciality's size).
    let countedAlready: number | undefined;
    if (!cachedPlan && origin) {
      const few = await this.section(
        counted,
        sql`
        SELECT u.id, ${distanceFrom(origin)} AS distance_km FROM users u
        WHERE ${where}
        ORDER BY distance_km ASC NULLS LAST, ${LISTING_ORDER} LIMIT ${candidates}`,
        size,
        { cachedPlan, onlyUpTo: REMOTE_SORTED_UP_TO },
      );
      if (few.count <= REMOTE_SORTED_UP_TO) return shown(few);
      countedAlready = few.count;
    }
    const pool = !origin
      ? unplaced(constantOfPlan(candidates))
      : sql`
        WITH near AS MATERIALIZED (${nearestWithin(
          origin,
          sql`${where} AND u.latitude IS NOT NULL AND u.longitude IS NOT NULL`,
          constantOfPlan(candidates),
          LISTING_ORDER,
        )})
        SELECT id, distance_km FROM near
        UNION ALL (${unplaced(sql`${constantOfPlan(candidates)} - (SELECT count(*) FROM near)`)})`;
    const countedOnce =
      countedAlready === undefined ? counted : sql`SELECT ${countedAlready}::int AS remote_total`;
    return shown(await this.section(countedOnce, pool, size, { cachedPlan }));
  }

  /**
   * A remote section's read: `counted` (its one row, `remote_total`: the count as counted) and the `size` soonest by their stored first
   * slot among `pool` (`id`, `distance_km`), the cards joined to the count's row (none: one row without a card).
   * `onlyUpTo`: the pool is read only when the count is at most that.
   */
  private async section(
    counted: SQL,
    pool: SQL,
    size: number,
    { cachedPlan, onlyUpTo }: { cachedPlan: boolean; onlyUpTo?: number },
  ): Promise<SectionRead> {
    // A condition on the count alone: PostgreSQL tests it once, before it reads the pool.
    const gate = onlyUpTo === undefined ? sql`` : sql`WHERE counted.remote_total <= ${onlyUpTo}`;
    const read = await this.cards.readKeys<{
      remote_total: number;
      distance_km: number | null;
      id: string | null;
    }>(
      (columns, joinCards) => sql`
        SELECT counted.remote_total, cards.*
        FROM (${counted}) counted
        LEFT JOIN LATERAL (
          SELECT ${columns}, kept.distance_km, kept.next_free_slot_at
          FROM (
            SELECT pool.id, pool.distance_km, u.next_free_slot_at
            FROM (${pool}) pool JOIN users u ON u.id = pool.id
            ${gate}
            ORDER BY u.next_free_slot_at ASC NULLS LAST, pool.distance_km ASC NULLS LAST, ${LISTING_ORDER}
            LIMIT ${constantOfPlan(size)}
          ) kept
          ${joinCards(sql`kept.id`)}
        ) cards ON true
        ORDER BY cards.next_free_slot_at ASC NULLS LAST, cards.distance_km ASC NULLS LAST, cards.accepts_online_booking DESC,
          cards.last_name COLLATE "fr-x-icu", cards.first_name COLLATE "fr-x-icu", cards.id`,
      // The same reads whatever the point: a generic plan (kept once the limits are written in, constantOfPlan)
      // saves the planning of every search (2.2 ms at 80,000 for the earlier form of this read, which ran as fast
      // generic as custom). Not with filters: a speciality's size decides the count's plan, planned each time for
      // the ids only, the cards then owed (CardReads).
      { cachedPlan },
    );
    return {
      found: { ...read, rows: read.rows.filter((row) => row.id !== null) },
      count: Number(read.rows[0]?.remote_total ?? 0),
    };
  }
}

/** A remote section's read: its professionals' keys and their count, as counted (up to REMOTE_TOTAL_CAP + 1). */
interface SectionRead {
  found: CardReadRows<{ distance_km: number | null }>;
  count: number;
}

/** The section as the search shows it: the count stops at the cap, `capped` says there are more. */
function shown({ found, count }: SectionRead) {
  return { found, total: Math.min(count, REMOTE_TOTAL_CAP), capped: count > REMOTE_TOTAL_CAP };
}
