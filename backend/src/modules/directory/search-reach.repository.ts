import { Inject, Injectable } from '@nestjs/common';
import { sql, SQL } from 'drizzle-orm';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { ReplicaReads } from '../../database/database.module';
import {
  distanceFrom,
  LISTING_ORDER,
  matching,
  type SearchFilters,
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
   * (those without coordinates last, then in listing order), with how many there are in all.
   */
  async remoteCandidates(
    origin: { latitude: number; longitude: number } | null,
    filters: SearchFilters,
    modes: readonly RemoteMode[],
    except: { cityId: number; ids: string[] },
    cap: number,
  ): Promise<{ ids: string[]; total: number }> {
    const remote = sql.join(
      modes.map((mode) => (mode === 'visio' ? this.visioOffered : sql`u.phone_enabled`)),
      sql` OR `,
    );
    const exceptIds =
      except.ids.length > 0
        ? sql` AND u.id NOT IN (${sql.join(
            except.ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`
        : sql``;
    const distance = origin ? distanceFrom(origin) : sql`NULL::float8`;
    const { rows } = await this.reads.execute<{ id: string; total: number }>(sql`
      SELECT u.id, (count(*) OVER ())::int AS total
      FROM users u
      WHERE u.is_public AND u.accepts_online_booking AND (${remote})
        AND u.city_id IS DISTINCT FROM ${except.cityId}${exceptIds}${matching(filters, this.visioOffered)}
      ORDER BY ${distance} NULLS LAST, ${LISTING_ORDER}
      LIMIT ${cap}`);
    return { ids: rows.map((row) => row.id), total: rows[0]?.total ?? 0 };
  }
}
