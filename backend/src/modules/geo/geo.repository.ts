import { Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { InjectDb } from '../../database/database.module';
import type { Database } from '../../database/database.types';

export interface NearestCityRow extends Record<string, unknown> {
  city_uri: string;
  name: string;
  department_code: string;
  department_name: string;
  count: number;
  distance_km: number;
}

@Injectable()
export class GeoRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  /** The city with active professionals closest to the point (great-circle distance), or undefined. */
  async nearestCityWithProfessionals(lat: number, lng: number): Promise<NearestCityRow | undefined> {
    const { rows } = await this.db.execute<NearestCityRow>(sql`
      SELECT c.city_uri, c.name, c.department_code, d.name AS department_name, p.count,
             (2 * 6371 * asin(sqrt(
               power(sin(radians(c.latitude - ${lat}) / 2), 2) +
               cos(radians(${lat})) * cos(radians(c.latitude)) * power(sin(radians(c.longitude - ${lng}) / 2), 2)
             )))::float8 AS distance_km
      FROM (SELECT u.city_id, count(*)::int AS count FROM users u WHERE u.is_public AND u.city_id IS NOT NULL GROUP BY u.city_id) p
      JOIN cities c ON c.id = p.city_id
      JOIN departments d ON d.code = c.department_code
      WHERE c.latitude IS NOT NULL AND c.longitude IS NOT NULL
      ORDER BY distance_km, p.count DESC
      LIMIT 1`);
    return rows[0];
  }
}
