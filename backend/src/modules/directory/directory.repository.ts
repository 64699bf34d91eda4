import { Inject, Injectable } from '@nestjs/common';
import { sql, SQL } from 'drizzle-orm';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { InjectDb, ReplicaReads } from '../../database/database.module';
import type { Database } from '../../database/database.types';
import { visioLinkAvailableSql } from '../visio';
import type { AppointmentMode } from '@rdv/sectors';

export interface CityRow extends Record<string, unknown> {
  id: number;
  city_uri: string;
  name: string;
  insee_code: string;
  department_code: string;
  department_name: string;
  postal_codes: string[];
  population: number | null;
  latitude: number | null;
  longitude: number | null;
}

export interface SpecialityRow extends Record<string, unknown> {
  id: number;
  slug: string;
  name: string;
}

/** Columns of a professional card (search results, office pages, profile). */
export interface CardRow extends Record<string, unknown> {
  id: string;
  user_uri: string;
  first_name: string;
  last_name: string;
  civility: string | null;
  picture: string | null;
  presentation_title: string | null;
  accepts_online_booking: boolean;
  in_person_enabled: boolean;
  visio_enabled: boolean;
  phone_enabled: boolean;
  team_name: string | null;
  team_uri: string | null;
  city_uri: string | null;
  city_name: string | null;
  city_department_code: string | null;
  /** Where the directory places the practice (see users.location_precision). */
  latitude: number | null;
  longitude: number | null;
  location_precision: 'address' | 'commune';
  /** In display order; computed per returned row only (after the LIMIT). */
  specialities: Array<{ slug: string; name: string }>;
  /** Active motives in the professional's order, with what they cost. */
  motives: Array<{ title: string; priceCents: number | null; paymentRule: 'free' | 'at_booking' }>;
}

export interface ProfileRow extends CardRow {
  presentation: string | null;
  spoken_languages: string[];
  indexable: boolean;
  city_id: number | null;
  street: string | null;
  postal_code: string | null;
  fees_info: string | null;
  accepts_legal_aid: boolean;
  bar: string | null;
  has_phone: boolean;
  rating_value: number | null;
  rating_count: number;
  team_id: string | null;
  team_ext_id: string | null;
  team_presentation: string | null;
  team_street: string | null;
  team_postal_code: string | null;
  team_city_uri: string | null;
  team_city_name: string | null;
  team_city_department_code: string | null;
  team_latitude: number | null;
  team_longitude: number | null;
  team_location_precision: 'address' | 'commune' | null;
}

export interface TeamRow extends Record<string, unknown> {
  id: string;
  team_uri: string;
  name: string;
  ext_id: string;
  presentation: string | null;
  street: string | null;
  postal_code: string | null;
  city_uri: string | null;
  city_name: string | null;
  city_department_code: string | null;
  picture: string | null;
  latitude: number | null;
  longitude: number | null;
  location_precision: 'address' | 'commune';
}

/**
 * Whether `u` is offered for video: their switch is on and they can give a link (the site's Jitsi, their own room,
 * or a working Google / Office 365 calendar for Meet / Teams). A card, a mode filter or a remote section never
 * offers video that the booking would then refuse.
 */
export function visioOfferedSql(siteJitsi: boolean): SQL {
  return siteJitsi
    ? sql`u.visio_enabled`
    : sql`(u.visio_enabled AND ${sql.raw(visioLinkAvailableSql('u.id', false))})`;
}

const cardColumns = (visioOffered: SQL) => sql`
  u.id, u.user_uri, u.first_name, u.last_name, u.civility, u.picture, u.presentation_title,
  u.accepts_online_booking, u.in_person_enabled, ${visioOffered} AS visio_enabled, u.phone_enabled,
  t.name AS team_name, t.team_uri,
  c.city_uri, c.name AS city_name, c.department_code AS city_department_code,
  coalesce(u.latitude, c.latitude) AS latitude, coalesce(u.longitude, c.longitude) AS longitude, u.location_precision,
  (SELECT coalesce(json_agg(json_build_object('slug', s.slug, 'name', s.name) ORDER BY us.position, s.position, s.name), '[]'::json)
     FROM user_specialities us JOIN specialities s ON s.id = us.speciality_id
     WHERE us.user_id = u.id) AS specialities,
  (SELECT coalesce(json_agg(json_build_object('title', m.title, 'priceCents', m.price_cents, 'paymentRule', m.payment_rule) ORDER BY m.position, m.created_at), '[]'::json)
     FROM motives m WHERE m.user_id = u.id AND m.is_active) AS motives`;

export const CARD_FROM = sql`users u LEFT JOIN teams t ON t.id = u.team_id LEFT JOIN cities c ON c.id = u.city_id`;

/** The listing order of the directory; matches the users_directory_*_idx indexes (migration 0006). */
export const LISTING_ORDER = sql`u.accepts_online_booking DESC, u.last_name COLLATE "fr-x-icu", u.first_name COLLATE "fr-x-icu", u.id`;

/** "Soonest slot first" by the stored first free slot; equals and those with none in listing order. */
const SOONEST_ORDER = sql`u.next_free_slot_at ASC NULLS LAST, ${LISTING_ORDER}`;

/** What a client narrows a listing to (besides the commune): speciality, appointment mode, language, legal aid. */
export interface SearchFilters {
  specialityId?: number;
  mode?: AppointmentMode;
  /** ISO 639-1 code among the professional's spoken languages. */
  language?: string;
  legalAid?: boolean;
}

/** A commune proposed to a visitor typing (autocomplete, closest names), with its professionals' count. */
export type CityMatchRow = {
  city_uri: string;
  name: string;
  department_code: string;
  postal_codes: string[];
  population: number | null;
  count: number;
};

/** The matched communes of `inner` (a SELECT of cities rows with `id`, in `order`) with their counts. */
const withCounts = (inner: SQL, order: SQL) => sql`
  SELECT m.city_uri, m.name, m.department_code, m.postal_codes, m.population,
         (SELECT count(*)::int FROM users u WHERE u.is_public AND u.city_id = m.id) AS count
  FROM (${inner}) m
  ORDER BY ${order}`;

/** A listing is a commune's or a department's. */
export type ListingScope = { cityId: number } | { departmentCode: string };

function inScope(scope: ListingScope): SQL {
  return 'cityId' in scope
    ? sql`u.city_id = ${scope.cityId}`
    : sql`u.city_id IN (SELECT c.id FROM cities c WHERE c.department_code = ${scope.departmentCode})`;
}

/**
 * A read whose best plan is the same for every value: one row by a unique key, or a list by ids
 * (ReplicaReads' cached plans).
 */
const UNIQUE_KEY = { cachedPlan: true } as const;

/**
 * No filter but the city: a city's professionals are an index range whether it holds 1 or 2,465 of them, so its
 * listing's plan can be cached; a filter's best plan depends on its value and the city's size (ReplicaReads).
 * A plan per speciality (its id written into the text) was measured and left: it took the sections' planning off
 * (5,000 professionals, Paris + a speciality: 104 -> 155 searches a second), but a card-reading statement's cached
 * plan holds about 1 MB of a PostgreSQL connection's memory (the remote section's 1.06 MB, the nearby's 0.67 MB):
 * 26 specialities x those statements x their shapes x 10 connections is a gigabyte or more per API process once
 * crawlers have asked every city + speciality page.
 */
export function unfiltered(filters: SearchFilters): boolean {
  return filters.specialityId === undefined && !filters.mode && !filters.language && !filters.legalAid;
}

/**
 * The columns a card-reading statement selects when its plan is not kept: the id and the listing order's keys.
 * Planned on every search, the card columns' subqueries cost more to plan than the small read runs (the remote
 * section with a speciality: 2.3 ms of planning); read by ids afterwards, the cards share one kept plan
 * (`CardReads.cardsByIds`), a small extra round trip.
 */
const ORDER_COLUMNS = sql`u.id, u.accepts_online_booking, u.last_name, u.first_name`;

/**
 * A card-reading statement, written once for both ways of running it: `columns` are the selected card columns of
 * `u`, and `joinCards(id)` joins `u` (with the tables its cards read) to the row whose professional is `id`
 * (`SELECT ${columns}, ... FROM ... ${joinCards(sql`page.id`)}`).
 */
export type CardStatement = (columns: SQL, joinCards: (id: SQL) => SQL) => SQL;

/** What a card read answers before its cards: the row's professional and the listing order's keys. */
export type CardKeys = Pick<CardRow, 'id' | 'accepts_online_booking' | 'last_name' | 'first_name'>;

/**
 * The rows of a card read, in its order, with the read's own columns (`T`). `carded`: the rows hold their cards
 * (a kept plan read them in the same statement); otherwise they hold the keys only and their cards are owed,
 * read by ids afterwards (`CardReads.owedCards`), together with the other reads' of the same search.
 */
export interface CardReadRows<T = Record<never, never>> {
  rows: Array<CardKeys & T>;
  carded: boolean;
}

/**
 * Card reads shared by the directory's repositories: one statement whose plan is kept, or, when the plan depends on
 * the values (filters), a small statement planned each time for the ids, whose cards are then read by ids.
 */
export class CardReads {
  /** The card's columns (cardColumns), for the reads that select cards themselves (a profile, an office). */
  readonly columns: SQL;

  constructor(
    private readonly reads: ReplicaReads,
    visioOffered: SQL,
  ) {
    this.columns = cardColumns(visioOffered);
  }

  /**
   * The rows of `statement`, in its order. `cachedPlan`: one statement, its plan kept, the cards in its rows;
   * otherwise the statement selects the ids and order keys only (planned for these values) and the cards are owed
   * (read them with owedCards, once for every read of a search: each by-ids read is a round trip and a statement).
   * `keysOnly` with `cachedPlan`: the ids and keys only, their plan kept (a filtered read whose plan does not depend
   * on the filter's values: a filter shape's kept plan of the few key columns costs little of a connection's memory,
   * where a card-reading plan holds about 1 MB). A row whose `id` is null (a count's row without a card) comes back
   * as it is.
   */
  async readKeys<T extends object = Record<never, never>>(
    statement: CardStatement,
    { cachedPlan, keysOnly = false }: { cachedPlan: boolean; keysOnly?: boolean },
  ): Promise<CardReadRows<T>> {
    if (cachedPlan && !keysOnly) {
      const { rows } = await this.reads.execute<CardRow & T>(
        statement(this.columns, (id) => sql`JOIN (${CARD_FROM}) ON u.id = ${id}`),
        { cachedPlan: true },
      );
      return { rows, carded: true };
    }
    const { rows } = await this.reads.execute<CardKeys & T>(
      statement(ORDER_COLUMNS, (id) => sql`JOIN users u ON u.id = ${id}`),
      { cachedPlan },
    );
    return { rows, carded: false };
  }

  /** The cards `reads` owe (those read by ids only), in one by-ids read. */
  async owedCards(...reads: Array<CardReadRows<unknown> | null | undefined>): Promise<Map<string, CardRow>> {
    const owed = new Set<string>();
    for (const read of reads)
      if (read && !read.carded) for (const row of read.rows) if (row.id !== null) owed.add(row.id);
    return new Map((await this.cardsByIds([...owed])).map((card) => [card.id, card]));
  }

  /** Cards of the given professionals, in the given order (one kept plan whatever the ids). */
  async cardsByIds(ids: string[]): Promise<CardRow[]> {
    if (ids.length === 0) return [];
    const { rows } = await this.reads.execute<CardRow>(
      sql`
      SELECT ${this.columns} FROM ${CARD_FROM}
      WHERE u.id = ANY(${sql.param(ids)}::uuid[])`,
      UNIQUE_KEY,
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => byId.get(id)).filter((row): row is CardRow => row !== undefined);
  }
}

/**
 * A read's rows with their cards (`cards`: CardReads.owedCards' answer when the read owes them). A professional
 * gone between the two reads (a profile withdrawn that instant) is left out; a row without id (a count's) stays.
 */
export function withCards<T>(read: CardReadRows<T>, cards: ReadonlyMap<string, CardRow>): Array<CardRow & T> {
  if (read.carded) return read.rows as Array<CardRow & T>;
  return read.rows.flatMap((row) => {
    if (row.id === null) return [row as CardRow & T];
    const card = cards.get(row.id);
    return card ? [{ ...card, ...row } as CardRow & T] : [];
  });
}

/** A listing's page and count: a cached plan for one city without filter (a department's size varies too). */
function listingPlan(scope: ListingScope, filters: SearchFilters): { cachedPlan: boolean } {
  return { cachedPlan: 'cityId' in scope && unfiltered(filters) };
}

/** The filters as SQL conditions on `u`; `visioOffered` is the repository's `visioOfferedSql`. */
export function matching(filters: SearchFilters, visioOffered: SQL): SQL {
  const parts: SQL[] = [];
  if (filters.specialityId !== undefined)
    parts.push(
      // The row's copy of its specialities (users.speciality_ids): a join to user_specialities cost more to plan
      // and to run in every filtered section (migration `speciality_ids`).
      sql` AND u.speciality_ids @> ARRAY[${filters.specialityId}::int]`,
    );
  if (filters.mode) {
    const modeColumns = {
      in_person: sql`u.in_person_enabled`,
      visio: visioOffered,
      phone: sql`u.phone_enabled`,
    };
    parts.push(sql` AND ${modeColumns[filters.mode]}`);
  }
  if (filters.language) parts.push(sql` AND ${filters.language} = ANY(u.spoken_languages)`);
  if (filters.legalAid) parts.push(sql` AND u.accepts_legal_aid`);
  return sql.join(parts, sql``);
}

/** Great-circle distance in km between a professional `u` and a point (haversine, computed by PostgreSQL). */
export function distanceFrom(point: { latitude: number; longitude: number }): SQL {
  return sql`6371 * 2 * asin(sqrt(
    power(sin(radians(u.latitude - ${point.latitude}) / 2), 2)
    + cos(radians(${point.latitude})) * cos(radians(u.latitude))
      * power(sin(radians(u.longitude - ${point.longitude}) / 2), 2)))`;
}

const EARTH_RADIUS_KM = 6371;

/**
 * A professional's point on the unit sphere, as users_public_globe_idx indexes it (the same expression, so the
 * planner reads that index): the straight-line distance between two such points (`<->`, cube extension) grows with
 * the great-circle distance, so `ORDER BY globePoint <-> origin` is nearest first, read from the index.
 */
export const GLOBE_POINT = sql`cube(ARRAY[cos(radians(u.latitude)) * cos(radians(u.longitude)), cos(radians(u.latitude)) * sin(radians(u.longitude)), sin(radians(u.latitude))])`;

function unitVector(point: { latitude: number; longitude: number }): [number, number, number] {
  const lat = (point.latitude * Math.PI) / 180;
  const lon = (point.longitude * Math.PI) / 180;
  return [Math.cos(lat) * Math.cos(lon), Math.cos(lat) * Math.sin(lon), Math.sin(lat)];
}

/**
 * The professionals with coordinates whose point lies in the cube around `point` that holds the sphere's
 * `radiusKm` circle (a chord of 2 sin(d / 2R)): the index condition that bounds a nearest-neighbour read, so it
 * ends at the radius when the radius holds less than a page. The exact great-circle test stays beside it.
 */
function inGlobeBox(point: { latitude: number; longitude: number }, radiusKm: number): SQL {
  const [x, y, z] = unitVector(point);
  const chord = 2 * Math.sin(Math.min(radiusKm / (2 * EARTH_RADIUS_KM), Math.PI / 2));
  return sql`u.latitude IS NOT NULL AND u.longitude IS NOT NULL AND ${GLOBE_POINT} <@ cube(
    ARRAY[${x - chord}::float8, ${y - chord}::float8, ${z - chord}::float8],
    ARRAY[${x + chord}::float8, ${y + chord}::float8, ${z + chord}::float8])`;
}

/**
 * The first `limit` professionals matching `where` (which must bound them by inGlobeBox), nearest to `point` first
 * and equals in listing order, with their distance (`id`, `distance_km`). A nearest-neighbour read cannot order by
 * the listing keys after the distance, and professionals placed at their commune's centre share one point, so the
 * page is read in two steps, each from users_public_globe_idx: the distance of the `limit`-th nearest (a read that
 * stops there), then everyone within that distance (the ties at the page's edge included), ordered in full.
 */
export function nearestWithin(
  point: { latitude: number; longitude: number },
  where: SQL,
  limit: number | SQL,
  ties: SQL = sql`u.accepts_online_booking DESC, u.last_name, u.id`,
): SQL {
  const [x, y, z] = unitVector(point);
  const origin = sql`cube(ARRAY[${x}::float8, ${y}::float8, ${z}::float8])`;
  return sql`
    WITH page_reach AS MATERIALIZED (
      SELECT max(k.d) AS d FROM (
        SELECT ${GLOBE_POINT} <-> ${origin} AS d FROM users u WHERE ${where}
        ORDER BY ${GLOBE_POINT} <-> ${origin} LIMIT ${limit}) k)
    SELECT u.id, ${distanceFrom(point)} AS distance_km
    FROM users u
    WHERE ${where}
      AND ${GLOBE_POINT} <@ cube_enlarge(${origin}, (SELECT d FROM page_reach), 3)
      AND ${GLOBE_POINT} <-> ${origin} <= (SELECT d FROM page_reach)
    ORDER BY ${GLOBE_POINT} <-> ${origin}, ${ties}
    LIMIT ${limit}`;
}

/** The latitude / longitude box around a point that holds its `radiusKm` circle: an index range read. */
function inBox(point: { latitude: number; longitude: number }, radiusKm: number): SQL {
  const latDelta = radiusKm / 111.32;
  const lonDelta = radiusKm / (111.32 * Math.max(Math.cos((point.latitude * Math.PI) / 180), 0.01));
  return sql`u.latitude BETWEEN ${point.latitude - latDelta} AND ${point.latitude + latDelta}
    AND u.longitude BETWEEN ${point.longitude - lonDelta} AND ${point.longitude + lonDelta}`;
}

/** A commune and the circle of `radiusKm` around a point (the commune's centre or the visitor's position). */
export interface NearestArea {
  cityId: number;
  latitude: number;
  longitude: number;
  radiusKm: number;
}

/** The order of "nearest first"; ties in listing order, then id, so pages never overlap. */
const NEAREST_ORDER = sql`near.distance_km, near.accepts_online_booking DESC, near.last_name COLLATE "fr-x-icu", near.first_name COLLATE "fr-x-icu", near.id`;

/**
 * The professionals "nearest first" pages through, with their distance: the commune's own (whatever the
 * distance: a visitor searching a commune wants its professionals) and those of the circle. A professional
 * without coordinates is only found through its commune, last.
 */
function reachable(area: NearestArea, filters: SearchFilters, visioOffered: SQL): SQL {
  return sql`
    SELECT id, accepts_online_booking, last_name, first_name, distance_km FROM (
      SELECT u.id, u.accepts_online_booking, u.last_name, u.first_name, u.city_id,
             coalesce(${distanceFrom(area)}, 'Infinity'::float8) AS distance_km
      FROM users u
      WHERE u.is_public AND (u.city_id = ${area.cityId} OR ${inBox(area, area.radiusKm)})${matching(filters, visioOffered)}
    ) candidates
    WHERE city_id = ${area.cityId} OR distance_km <= ${area.radiusKm}`;
}

/** Departments whose communes can have a postal code starting with `prefix` (2+ digits). */
export function departmentsOfPostalPrefix(prefix: string): string[] {
  const two = prefix.slice(0, 2);
  if (two === '20') return ['2A', '2B'];
  if (two === '97' || two === '98') {
    return prefix.length >= 3
      ? [prefix.slice(0, 3)]
      : ['1', '2', '3', '4', '5', '6', '7', '8'].map((d) => `${two}${d}`);
  }
  return [two];
}

/**
 * Public directory reads (search, listings, profiles, offices, autocomplete) go to the read replica
 * (`reads`) when there is one; the professional's own call statistics and the calls recorded go to the
 * primary (`db`).
 */
@Injectable()
export class DirectoryRepository {
  private readonly visioOffered: SQL;
  private readonly cards: CardReads;

  constructor(
    @InjectDb() private readonly db: Database,
    private readonly reads: ReplicaReads,
    @Inject(ENV) env: Env,
  ) {
    this.visioOffered = visioOfferedSql(Boolean(env.JITSI_BASE_URL));
    this.cards = new CardReads(reads, this.visioOffered);
  }

  async findCityByUri(cityUri: string): Promise<CityRow | undefined> {
    const { rows } = await this.reads.execute<CityRow>(
      sql`
      SELECT c.id, c.city_uri, c.name, c.insee_code, c.department_code, d.name AS department_name, c.postal_codes,
             c.population, c.latitude, c.longitude
      FROM cities c JOIN departments d ON d.code = c.department_code
      WHERE c.city_uri = ${cityUri}`,
      UNIQUE_KEY,
    );
    return rows[0];
  }

  async findDepartment(code: string): Promise<{ code: string; name: string } | undefined> {
    const { rows } = await this.reads.execute<{ code: string; name: string }>(
      sql`SELECT code, name FROM departments WHERE code = ${code}`,
      UNIQUE_KEY,
    );
    return rows[0];
  }

  async findSpecialityBySlug(slug: string): Promise<SpecialityRow | undefined> {
    const { rows } = await this.reads.execute<SpecialityRow>(
      sql`SELECT id, slug, name FROM specialities WHERE slug = ${slug}`,
      UNIQUE_KEY,
    );
    return rows[0];
  }

  /**
   * One page of a commune's matching professionals, soonest stored first free slot first (`next_free_slot_at`,
   * kept by the next-slot refresher; those with nothing bookable last, in listing order): an index range read
   * of users_public_city_next_free_slot_idx that stops at the page, whatever the size of the commune.
   */
  async soonestPage(
    cityId: number,
    filters: SearchFilters,
    limit: number,
    offset: number,
  ): Promise<CardReadRows> {
    return this.cardsPage(sql`u.city_id = ${cityId}`, filters, SOONEST_ORDER, limit, offset, {
      cachedPlan: unfiltered(filters),
    });
  }

  /** One page of the active professionals of a city (optionally of one speciality), in listing order. */
  async searchPage(
    scope: ListingScope,
    filters: SearchFilters,
    limit: number,
    offset: number,
  ): Promise<CardReadRows> {
    return this.cardsPage(inScope(scope), filters, LISTING_ORDER, limit, offset, listingPlan(scope, filters));
  }

  /**
   * One page of the public professionals `where` selects that match `filters`, in `order`, with their cards or the
   * keys of the cards it owes (CardReads).
   */
  private async cardsPage(
    where: SQL,
    filters: SearchFilters,
    order: SQL,
    limit: number,
    offset: number,
    options: { cachedPlan: boolean },
  ): Promise<CardReadRows> {
    // The page's ids first (an index range read when there is no speciality), then the card columns of
    // those rows only: computed in the same query, the skipped OFFSET rows would pay for them too.
    return this.cards.readKeys(
      (columns, joinCards) => sql`
      SELECT ${columns}
      FROM (
        SELECT u.id FROM users u
        WHERE u.is_public AND ${where}${matching(filters, this.visioOffered)}
        ORDER BY ${order}
        LIMIT ${limit} OFFSET ${offset}
      ) page
      ${joinCards(sql`page.id`)}
      ORDER BY ${order}`,
      options,
    );
  }

  /**
   * The active professionals of other communes within `radiusKm` of a point, nearest first (great-circle
   * distance in PostgreSQL). A nearest-neighbour read of users_public_globe_idx, bounded by the radius's box, that
   * stops at the `limit`-th match: what it reads grows with the page, not with how many professionals the radius
   * holds (every one of them was computed and sorted before). One round trip.
   */
  async nearby(
    origin: { cityId: number; latitude: number; longitude: number },
    filters: SearchFilters,
    radiusKm: number,
    limit: number,
  ): Promise<CardReadRows<{ distance_km: number }>> {
    return this.cards.readKeys<{ distance_km: number }>(
      (columns, joinCards) => sql`
      SELECT ${columns}, near.distance_km
      FROM (
        ${nearestWithin(
          origin,
          sql`u.is_public AND u.city_id <> ${origin.cityId} AND ${inGlobeBox(origin, radiusKm)}
            AND ${distanceFrom(origin)} <= ${radiusKm}${matching(filters, this.visioOffered)}`,
          limit,
        )}
      ) near
      ${joinCards(sql`near.id`)}
      ORDER BY near.distance_km, u.accepts_online_booking DESC, u.last_name, u.id`,
      // A nearest-neighbour read of the index whatever the point and the filters: its generic plan runs 0.3 ms
      // longer than a custom one and saves 1.4 ms of planning (80,000 professionals). Filtered, the ids only.
      { cachedPlan: true, keysOnly: !unfiltered(filters) },
    );
  }

  /**
   * "Nearest first": the commune's matching professionals and those within the radius of the point, in
   * one list ordered by distance from the point (then listing order: stable pages), `limit` from `offset`.
   * One round trip; the box narrows the other communes' rows through users_public_lat_lon_idx.
   */
  async nearestPage(
    area: NearestArea,
    filters: SearchFilters,
    limit: number,
    offset: number,
  ): Promise<CardReadRows<{ distance_km: number }>> {
    // A circle's size decides the plan: planned each time, the cards owed.
    return this.cards.readKeys<{ distance_km: number }>(
      (columns, joinCards) => sql`
      SELECT ${columns}, near.distance_km
      FROM (SELECT * FROM (${reachable(area, filters, this.visioOffered)}) near ORDER BY ${NEAREST_ORDER} LIMIT ${limit} OFFSET ${offset}) near
      ${joinCards(sql`near.id`)}
      ORDER BY ${NEAREST_ORDER}`,
      { cachedPlan: false },
    );
  }

  /** How many professionals `nearestPage` pages through, and how many of them take online booking. */
  async nearestCount(area: NearestArea, filters: SearchFilters): Promise<{ total: number; online: number }> {
    const { rows } = await this.reads.execute<{ total: number; online: number }>(sql`
      SELECT count(*)::int AS total, (count(*) FILTER (WHERE accepts_online_booking))::int AS online
      FROM (${reachable(area, filters, this.visioOffered)}) near`);
    return rows[0];
  }

  /** The first `cap` of `nearestPage`'s list, ids only: the candidates of an availability filter. */
  async nearestCandidateIds(
    area: NearestArea,
    filters: SearchFilters,
    cap: number,
  ): Promise<Array<{ id: string; online: boolean; distance_km: number }>> {
    const { rows } = await this.reads.execute<{ id: string; online: boolean; distance_km: number }>(sql`
      SELECT near.id, near.accepts_online_booking AS online, near.distance_km
      FROM (SELECT * FROM (${reachable(area, filters, this.visioOffered)}) near ORDER BY ${NEAREST_ORDER} LIMIT ${cap}) near
      ORDER BY ${NEAREST_ORDER}`);
    return rows;
  }

  async searchCount(scope: ListingScope, filters: SearchFilters): Promise<{ total: number; online: number }> {
    const { rows } = await this.reads.execute<{ total: number; online: number }>(
      sql`
      SELECT count(*)::int AS total, (count(*) FILTER (WHERE u.accepts_online_booking))::int AS online
      FROM users u
      WHERE u.is_public AND ${inScope(scope)}${matching(filters, this.visioOffered)}`,
      listingPlan(scope, filters),
    );
    return rows[0];
  }

  /**
   * A commune's matching professionals in listing order, up to `cap`: the candidates of an availability
   * filter or a "soonest slot" order, which the slot engine then decides.
   */
  async candidateIds(
    cityId: number,
    filters: SearchFilters,
    cap: number,
  ): Promise<Array<{ id: string; online: boolean }>> {
    const { rows } = await this.reads.execute<{ id: string; online: boolean }>(sql`
      SELECT u.id, u.accepts_online_booking AS online FROM users u
      WHERE u.is_public AND u.city_id = ${cityId}${matching(filters, this.visioOffered)}
      ORDER BY ${LISTING_ORDER}
      LIMIT ${cap}`);
    return rows;
  }

  /** Cards of the given professionals, in the given order. */
  async cardsByIds(ids: string[]): Promise<CardRow[]> {
    return this.cards.cardsByIds(ids);
  }

  /** The cards the reads of one search owe, in one read (CardReads.owedCards). */
  async owedCards(...reads: Array<CardReadRows<unknown> | null | undefined>): Promise<Map<string, CardRow>> {
    return this.cards.owedCards(...reads);
  }

  /** Departments and their cities that have active professionals, with the count per city. */
  async citiesWithProfessionals(): Promise<
    Array<{
      department_code: string;
      department_name: string;
      city_uri: string;
      city_name: string;
      count: number;
    }>
  > {
    const { rows } = await this.reads.execute<{
      department_code: string;
      department_name: string;
      city_uri: string;
      city_name: string;
      count: number;
    }>(sql`
      SELECT d.code AS department_code, d.name AS department_name, c.city_uri, c.name AS city_name, p.count
      FROM (SELECT u.city_id, count(*)::int AS count FROM users u WHERE u.is_public AND u.city_id IS NOT NULL GROUP BY u.city_id) p
      JOIN cities c ON c.id = p.city_id
      JOIN departments d ON d.code = c.department_code
      ORDER BY d.code, c.name COLLATE "fr-x-icu"`);
    return rows;
  }

  /**
   * Cities whose normalised name starts with `normalizedPrefix` (see search_normalize, migration 0006;
   * served by cities_search_name_idx), or whose postal code starts with `postalPrefix`; most populated first.
   */
  async autocomplete(
    match: { normalizedPrefix: string } | { postalPrefix: string },
    limit: number,
  ): Promise<CityMatchRow[]> {
    const where =
      'normalizedPrefix' in match
        ? // A range rather than LIKE 'x%': the index answers it alone, without re-running search_normalize on
          // every candidate row (unaccent is slow). Normalised names only hold [a-z0-9-], all below '~'.
          sql`search_normalize(c.name) ~>=~ ${match.normalizedPrefix} AND search_normalize(c.name) ~<~ ${`${match.normalizedPrefix}~`}`
        : // Candidates through cities_department_code_idx (a postal code starts with its department's
          // digits: 69 -> 69, 20 -> 2A / 2B, 974 -> 974), then the exact prefix on every postal code.
          sql`c.department_code IN (${sql.join(
            departmentsOfPostalPrefix(match.postalPrefix).map((code) => sql`${code}`),
            sql`, `,
          )}) AND EXISTS (SELECT 1 FROM unnest(c.postal_codes) AS pc(code) WHERE pc.code LIKE ${`${match.postalPrefix}%`})`;
    const { rows } = await this.reads.execute<CityMatchRow>(
      withCounts(
        sql`SELECT c.id, c.city_uri, c.name, c.department_code, c.postal_codes, c.population
            FROM cities c
            WHERE ${where}
            ORDER BY c.population DESC NULLS LAST, c.name COLLATE "fr-x-icu"
            LIMIT ${limit}`,
        sql`m.population DESC NULLS LAST, m.name COLLATE "fr-x-icu"`,
      ),
    );
    return rows;
  }

  /**
   * Communes whose name is closest to `normalized` (search_normalize form): trigram similarity through
   * cities_search_name_trgm_idx, the most similar first, then the most populated.
   */
  async closestCities(normalized: string, limit: number): Promise<CityMatchRow[]> {
    const { rows } = await this.reads.execute<CityMatchRow>(
      withCounts(
        sql`SELECT c.id, c.city_uri, c.name, c.department_code, c.postal_codes, c.population,
                   similarity(search_normalize(c.name), ${normalized}) AS score
            FROM cities c
            WHERE search_normalize(c.name) % ${normalized}
            ORDER BY score DESC, c.population DESC NULLS LAST
            LIMIT ${limit}`,
        sql`m.score DESC, m.population DESC NULLS LAST`,
      ),
    );
    return rows;
  }

  async countActiveInCity(cityId: number): Promise<number> {
    const { rows } = await this.reads.execute<{ count: number }>(
      sql`SELECT count(*)::int AS count FROM users u WHERE u.is_public AND u.city_id = ${cityId}`,
    );
    return rows[0].count;
  }

  async findProfile(userUri: string): Promise<ProfileRow | undefined> {
    const { rows } = await this.reads.execute<ProfileRow>(
      sql`
      SELECT ${this.cards.columns},
             u.presentation, u.spoken_languages, u.indexable, u.city_id, u.street, u.postal_code, u.fees_info, u.accepts_legal_aid, u.bar,
             (u.public_phone IS NOT NULL) AS has_phone,
             (SELECT round(avg(r.rating), 1)::float8 FROM reviews r WHERE r.user_id = u.id AND r.status = 'published') AS rating_value,
             (SELECT count(*)::int FROM reviews r WHERE r.user_id = u.id AND r.status = 'published') AS rating_count,
             t.id AS team_id, t.ext_id AS team_ext_id, t.presentation AS team_presentation, t.street AS team_street,
             t.postal_code AS team_postal_code, tc.city_uri AS team_city_uri, tc.name AS team_city_name,
             tc.department_code AS team_city_department_code, coalesce(t.latitude, tc.latitude) AS team_latitude,
             coalesce(t.longitude, tc.longitude) AS team_longitude, t.location_precision AS team_location_precision
      FROM ${CARD_FROM} LEFT JOIN cities tc ON tc.id = t.city_id
      WHERE u.user_uri = ${userUri} AND u.is_public`,
      UNIQUE_KEY,
    );
    return rows[0];
  }

  /** Other active professionals of a city taking online booking: the count and the first `limit`. */
  async otherOnlineInCity(
    cityId: number,
    exceptUserId: string,
    limit: number,
  ): Promise<{ count: number; rows: CardRow[] }> {
    const [count, page] = await Promise.all([
      this.reads.execute<{ count: number }>(sql`
        SELECT count(*)::int AS count FROM users u
        WHERE u.is_public AND u.city_id = ${cityId} AND u.accepts_online_booking AND u.id <> ${exceptUserId}`),
      this.reads.execute<CardRow>(sql`
        SELECT ${this.cards.columns} FROM ${CARD_FROM}
        WHERE u.is_public AND u.city_id = ${cityId} AND u.accepts_online_booking AND u.id <> ${exceptUserId}
        ORDER BY ${LISTING_ORDER}
        LIMIT ${limit}`),
    ]);
    return { count: count.rows[0].count, rows: page.rows };
  }

  /** The phone number to reveal: only the one the professional published (never the account's mobile). */
  async findPhone(userUri: string): Promise<{ user_id: string; telephone: string | null } | undefined> {
    const { rows } = await this.db.execute<{ user_id: string; telephone: string | null }>(sql`
      SELECT u.id AS user_id, u.public_phone AS telephone
      FROM users u
      WHERE u.user_uri = ${userUri} AND u.is_public`);
    return rows[0];
  }

  /**
   * Records a revealed phone number as a call, unless the same caller (ip hash) already revealed this
   * professional's number in the last `dedupMinutes` minutes. Returns whether a call was recorded.
   */
  /**
   * Calls per bucket (day / week / month, `buckets` of them ending with the current one) in the professional's
   * time zone, the same length of time just before, and the current month: one round trip.
   */
  async callStats(
    userId: string,
    unit: 'day' | 'week' | 'month',
    buckets: number,
  ): Promise<{ buckets: { start: string; count: number }[]; previousTotal: number; thisMonth: number }> {
    const step = sql.raw(`interval '1 ${unit}'`);
    const unitText = sql.raw(`'${unit}'`);
    const { rows } = await this.db.execute<{
      start: string;
      count: number;
      previous: number;
      month: number;
    }>(sql`
      WITH zone AS (SELECT timezone AS tz FROM users WHERE id = ${userId}),
      bounds AS (
        SELECT date_trunc(${unitText}, now() AT TIME ZONE zone.tz) AS current_start,
               date_trunc('month', now() AT TIME ZONE zone.tz) AS month_start, zone.tz
          FROM zone),
      series AS (
        SELECT generate_series(b.current_start - ${buckets - 1} * ${step}, b.current_start, ${step}) AS start FROM bounds b),
      mine AS (
        -- this window, the one before it and the current month: whichever starts first
        SELECT c.created_at AT TIME ZONE b.tz AS local_at FROM calls c, bounds b
         WHERE c.user_id = ${userId}
           AND c.created_at >= (least(b.current_start - ${2 * buckets - 1} * ${step}, b.month_start) AT TIME ZONE b.tz))
      SELECT to_char(s.start, 'YYYY-MM-DD') AS start,
             (SELECT count(*)::int FROM mine WHERE mine.local_at >= s.start AND mine.local_at < s.start + ${step}) AS count,
             (SELECT count(*)::int FROM mine, bounds b
               WHERE mine.local_at >= b.current_start - ${2 * buckets - 1} * ${step}
                 AND mine.local_at < b.current_start - ${buckets - 1} * ${step}) AS previous,
             (SELECT count(*)::int FROM mine, bounds b WHERE mine.local_at >= b.month_start) AS month
        FROM series s ORDER BY s.start`);
    return {
      buckets: rows.map((row) => ({ start: row.start, count: Number(row.count) })),
      previousTotal: Number(rows[0]?.previous ?? 0),
      thisMonth: Number(rows[0]?.month ?? 0),
    };
  }

  async recordCall(userId: string, ipHash: string | null, dedupMinutes: number): Promise<boolean> {
    const { rows } = await this.db.execute<{ id: number }>(sql`
      INSERT INTO calls (user_id, ip_hash)
      SELECT ${userId}, ${ipHash}
      WHERE ${ipHash}::text IS NULL OR NOT EXISTS (
        SELECT 1 FROM calls
        WHERE user_id = ${userId} AND ip_hash = ${ipHash} AND created_at > now() - make_interval(mins => ${dedupMinutes})
      )
      RETURNING id`);
    return rows.length > 0;
  }

  async findTeam(teamUri: string): Promise<TeamRow | undefined> {
    const { rows } = await this.reads.execute<TeamRow>(sql`
      SELECT t.id, t.team_uri, t.name, t.ext_id, t.presentation, t.street, t.postal_code, t.picture,
             coalesce(t.latitude, c.latitude) AS latitude, coalesce(t.longitude, c.longitude) AS longitude,
             t.location_precision, c.city_uri, c.name AS city_name, c.department_code AS city_department_code
      FROM teams t LEFT JOIN cities c ON c.id = t.city_id
      WHERE t.team_uri = ${teamUri}`);
    return rows[0];
  }

  async teamProfessionals(teamId: string, specialityId: number | undefined): Promise<CardRow[]> {
    const { rows } = await this.reads.execute<CardRow>(sql`
      SELECT ${this.cards.columns} FROM ${CARD_FROM}
      WHERE u.is_public AND u.team_id = ${teamId}${matching({ specialityId }, this.visioOffered)}
      ORDER BY ${LISTING_ORDER}
      LIMIT 200`);
    return rows;
  }

  async teamSpecialities(teamId: string): Promise<SpecialityRow[]> {
    const { rows } = await this.reads.execute<SpecialityRow>(sql`
      SELECT s.id, s.slug, s.name FROM specialities s
      WHERE EXISTS (
        SELECT 1 FROM user_specialities us JOIN users u ON u.id = us.user_id
        WHERE us.speciality_id = s.id AND u.team_id = ${teamId} AND u.is_public)
      ORDER BY s.position, s.name`);
    return rows;
  }
}
