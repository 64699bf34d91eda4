import { Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { InjectDb, Transactions } from '../../database/database.module';
import type { Database, DbOrTx } from '../../database/database.types';
import type { GeocodedPoint } from './geocoder.port';

/** The address of a practice or an office as saved, with its commune (centre and name). */
export interface AddressRow extends Record<string, unknown> {
  street: string | null;
  postal_code: string | null;
  city_id: number | null;
  city_name: string | null;
  city_latitude: number | null;
  city_longitude: number | null;
}

/** Compares the address a job geocoded with the row's current one: a later save wins over a slow job. */
const sameAddress = (alias: string, address: AddressRow) => sql`
  ${sql.raw(alias)}.street IS NOT DISTINCT FROM ${address.street}
  AND ${sql.raw(alias)}.postal_code IS NOT DISTINCT FROM ${address.postal_code}
  AND ${sql.raw(alias)}.city_id IS NOT DISTINCT FROM ${address.city_id}::int`;

/**
 * Where professionals and offices are placed. A professional's point is their own address's when they typed one,
 * else their office's when it is in their commune, else their commune's centre (`location_precision` 'commune').
 */
@Injectable()
export class GeocodingRepository {
  constructor(
    @InjectDb() private readonly db: Database,
    private readonly transactions: Transactions,
  ) {}

  async userAddress(userId: string): Promise<AddressRow | undefined> {
    const { rows } = await this.db.execute<AddressRow>(sql`
      SELECT u.street, u.postal_code, u.city_id, c.name AS city_name,
             c.latitude AS city_latitude, c.longitude AS city_longitude
      FROM users u LEFT JOIN cities c ON c.id = u.city_id
      WHERE u.id = ${userId}`);
    return rows[0];
  }

  async officeAddress(teamId: string): Promise<AddressRow | undefined> {
    const { rows } = await this.db.execute<AddressRow>(sql`
      SELECT t.street, t.postal_code, t.city_id, c.name AS city_name,
             c.latitude AS city_latitude, c.longitude AS city_longitude
      FROM teams t LEFT JOIN cities c ON c.id = t.city_id
      WHERE t.id = ${teamId}`);
    return rows[0];
  }

  /**
   * A professional back at their commune's centre (or their office's point, when they typed no address of their
   * own and the office is placed in their commune): what a saved address shows until the geocoder answered.
   */
  async placeUserByCommune(db: DbOrTx, userId: string): Promise<void> {
    await db.execute(sql`
      UPDATE users u SET
        latitude = CASE WHEN o.precise THEN o.latitude ELSE c.latitude END,
        longitude = CASE WHEN o.precise THEN o.longitude ELSE c.longitude END,
        location_precision = CASE WHEN o.precise THEN 'address' ELSE 'commune' END,
        geocoded_at = NULL
      FROM users me
        LEFT JOIN cities c ON c.id = me.city_id
        LEFT JOIN LATERAL (
          SELECT t.latitude, t.longitude,
                 (t.location_precision = 'address' AND t.city_id = me.city_id
                  AND coalesce(me.street, '') = '') AS precise
          FROM teams t WHERE t.id = me.team_id) o ON true
      WHERE u.id = ${userId} AND me.id = u.id`);
  }

  /** The professional at the point their own address was geocoded to, unless it changed since. */
  async placeUserAt(userId: string, address: AddressRow, point: GeocodedPoint): Promise<boolean> {
    const { rowCount } = await this.db.execute(sql`
      UPDATE users u SET latitude = ${point.latitude}, longitude = ${point.longitude}, location_precision = 'address',
        geocoded_at = now()
      WHERE u.id = ${userId} AND ${sameAddress('u', address)}`);
    return (rowCount ?? 0) > 0;
  }

  /** The geocoder was asked for the professional's current address and did not place it: not asked again. */
  async markUserAsked(userId: string, address: AddressRow): Promise<void> {
    await this.db.execute(sql`
      UPDATE users u SET geocoded_at = now() WHERE u.id = ${userId} AND ${sameAddress('u', address)}`);
  }

  /** The geocoder was asked for the office's current address and did not place it: not asked again. */
  async markOfficeAsked(teamId: string, address: AddressRow): Promise<void> {
    await this.db.execute(sql`
      UPDATE teams t SET geocoded_at = now() WHERE t.id = ${teamId} AND ${sameAddress('t', address)}`);
  }

  /**
   * Offices whose address the geocoder was never asked for (saved before geocoding existed), in id order after
   * `afterId`: what the backfill walks through.
   */
  async officesNeverGeocoded(afterId: string | null, limit: number): Promise<string[]> {
    const { rows } = await this.db.execute<{ id: string }>(sql`
      SELECT t.id FROM teams t
       WHERE t.geocoded_at IS NULL AND t.location_precision = 'commune' AND coalesce(trim(t.street), '') <> ''
         AND (${afterId}::uuid IS NULL OR t.id > ${afterId}::uuid)
       ORDER BY t.id LIMIT ${limit}`);
    return rows.map((row) => row.id);
  }

  /** Practices (a professional's own address) never geocoded, likewise. */
  async practicesNeverGeocoded(afterId: string | null, limit: number): Promise<string[]> {
    const { rows } = await this.db.execute<{ id: string }>(sql`
      SELECT u.id FROM users u
       WHERE u.geocoded_at IS NULL AND u.location_precision = 'commune' AND coalesce(trim(u.street), '') <> ''
         AND (${afterId}::uuid IS NULL OR u.id > ${afterId}::uuid)
       ORDER BY u.id LIMIT ${limit}`);
    return rows.map((row) => row.id);
  }

  /** An office at its commune's centre (its members without an address of their own follow). */
  async placeOfficeByCommune(db: DbOrTx, teamId: string): Promise<void> {
    await db.execute(sql`
      UPDATE teams t SET latitude = c.latitude, longitude = c.longitude, location_precision = 'commune',
        geocoded_at = NULL
      FROM teams me LEFT JOIN cities c ON c.id = me.city_id
      WHERE t.id = ${teamId} AND me.id = t.id`);
    await this.placeMembers(db, teamId);
  }

  /** The office at the point its address was geocoded to, unless it changed since; its members follow. */
  async placeOfficeAt(teamId: string, address: AddressRow, point: GeocodedPoint): Promise<boolean> {
    return this.transactions.run(async (tx) => {
      const { rowCount } = await tx.execute(sql`
        UPDATE teams t SET latitude = ${point.latitude}, longitude = ${point.longitude}, location_precision = 'address',
          geocoded_at = now()
        WHERE t.id = ${teamId} AND ${sameAddress('t', address)}`);
      if (!rowCount) return false;
      await this.placeMembers(tx, teamId);
      return true;
    });
  }

  /** Members who typed no address of their own are placed where their office is, when it is in their commune. */
  private async placeMembers(db: DbOrTx, teamId: string): Promise<void> {
    await db.execute(sql`
      UPDATE users u SET
        latitude = CASE WHEN t.location_precision = 'address' AND t.city_id = u.city_id THEN t.latitude ELSE c.latitude END,
        longitude = CASE WHEN t.location_precision = 'address' AND t.city_id = u.city_id THEN t.longitude ELSE c.longitude END,
        location_precision = CASE WHEN t.location_precision = 'address' AND t.city_id = u.city_id THEN 'address' ELSE 'commune' END
      FROM teams t, cities c
      WHERE t.id = ${teamId} AND u.team_id = t.id AND c.id = u.city_id AND coalesce(u.street, '') = ''`);
  }
}
