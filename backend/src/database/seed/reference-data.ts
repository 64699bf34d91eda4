import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { getSector, type SectorKey } from '@rdv/sectors';
import type { Database } from '../database.types';
import { departments, siteConfig, specialities } from '../schema';
import { buildCityUris, slugify } from './slug';
import { specialitiesFor } from './specialities';

interface EtalabDepartment {
  code: string;
  nom: string;
  region?: string;
}

interface EtalabCommune {
  code: string;
  nom: string;
  type: string;
  departement?: string;
  codesPostaux?: string[];
  population?: number;
}

/** Reads one JSON file of @etalab/decoupage-administratif (a plain read: no 30 MB module in the require cache). */
function readEtalab<T>(file: 'departements.json' | 'communes.json'): T {
  const packageDir = path.dirname(require.resolve('@etalab/decoupage-administratif/package.json'));
  return JSON.parse(fs.readFileSync(path.join(packageDir, 'data', file), 'utf8')) as T;
}

export function loadDepartments(): EtalabDepartment[] {
  return readEtalab<EtalabDepartment[]>('departements.json');
}

/** Current communes only (`commune-actuelle`), with their cityUri. */
export function loadCommunes(): Array<EtalabCommune & { departement: string; cityUri: string }> {
  const communes = readEtalab<EtalabCommune[]>('communes.json').filter(
    (commune): commune is EtalabCommune & { departement: string } =>
      commune.type === 'commune-actuelle' && Boolean(commune.departement),
  );
  const uris = buildCityUris(
    communes.map((c) => ({ inseeCode: c.code, name: c.nom, departmentCode: c.departement })),
  );
  return communes.map((commune) => ({ ...commune, cityUri: uris.get(commune.code)! }));
}

export async function seedDepartments(db: Database): Promise<number> {
  const rows = loadDepartments().map((d) => ({ code: d.code, name: d.nom, regionCode: d.region ?? null }));
  await db
    .insert(departments)
    .values(rows)
    .onConflictDoUpdate({
      target: departments.code,
      set: { name: sql`excluded.name`, regionCode: sql`excluded.region_code` },
    });
  return rows.length;
}

/**
 * Every current commune (or only the given INSEE codes), upserted by INSEE code in batches, in one
 * transaction. cityUris are always computed over the whole data set, so a subset gets the same uris.
 */
export async function seedCities(db: Database, options: { only?: readonly string[] } = {}): Promise<number> {
  const only = options.only ? new Set(options.only) : undefined;
  const rows = loadCommunes()
    .filter((c) => !only || only.has(c.code))
    .map((c) => ({
      inseeCode: c.code,
      name: c.nom,
      cityUri: c.cityUri,
      departmentCode: c.departement,
      postalCodes: c.codesPostaux ?? [],
      population: c.population ?? null,
    }));
  // One statement per step with the rows as a JSON parameter: the database does the work, which
  // keeps the full load (~35,000 communes) to a few seconds.
  const json = JSON.stringify(rows);
  await db.transaction(async (tx) => {
    // A commune whose uri changes (renamed commune, new homonym) must not collide with the old uri
    // of another row during the upsert: park the uris that are about to move first.
    await tx.execute(sql`
      UPDATE cities SET city_uri = cities.city_uri || '-old-' || cities.insee_code
      FROM json_to_recordset(${json}::json) AS x("inseeCode" text, "cityUri" text)
      WHERE x."inseeCode" = cities.insee_code AND x."cityUri" <> cities.city_uri`);
    await tx.execute(sql`
      INSERT INTO cities (insee_code, name, city_uri, department_code, postal_codes, population)
      SELECT x."inseeCode", x.name, x."cityUri", x."departmentCode", x."postalCodes", x.population
      FROM json_to_recordset(${json}::json)
        AS x("inseeCode" text, name text, "cityUri" text, "departmentCode" text, "postalCodes" text[], population int)
      ON CONFLICT (insee_code) DO UPDATE SET
        name = excluded.name,
        city_uri = excluded.city_uri,
        department_code = excluded.department_code,
        postal_codes = excluded.postal_codes,
        population = excluded.population
      WHERE (cities.name, cities.city_uri, cities.department_code, cities.postal_codes, cities.population)
        IS DISTINCT FROM (excluded.name, excluded.city_uri, excluded.department_code, excluded.postal_codes, excluded.population)`);
  });
  return rows.length;
}

/** The sector's specialities, in display order, upserted by slug. */
export async function seedSpecialities(db: Database, sector: SectorKey): Promise<number> {
  const rows = specialitiesFor(sector).map((name, index) => ({
    slug: slugify(name),
    name,
    position: index + 1,
  }));
  await db
    .insert(specialities)
    .values(rows)
    .onConflictDoUpdate({
      target: specialities.slug,
      set: { name: sql`excluded.name`, position: sql`excluded.position` },
    });
  return rows.length;
}

/** Defaults of docs/product.md §3 / §9 (the contact address is the sector's: contact@demo.rdv-notaire.fr...). */
export function defaultSiteConfig(sector: SectorKey): Record<string, unknown> {
  return {
    default_timezone: 'Europe/Paris',
    locales: ['fr', 'en'],
    default_locale: 'fr',
    allowed_phone_countries: ['FR', 'BE', 'CH'],
    page_sizes: { professionals_desktop: 20, professionals_mobile: 10 },
    flags: { specialities_enabled: true, user_card_default: false, sponsorship: true, client_folders: true },
    contact: {
      phone: '+33 1 99 00 00 00',
      email: `contact@demo.${slugify(getSector(sector).productName)}.fr`,
      social: {},
    },
  };
}

/** Existing keys are left alone so admin edits survive a re-seed. */
export async function seedSiteConfig(db: Database, sector: SectorKey): Promise<number> {
  const rows = Object.entries(defaultSiteConfig(sector)).map(([key, value]) => ({ key, value }));
  await db.insert(siteConfig).values(rows).onConflictDoNothing({ target: siteConfig.key });
  return rows.length;
}
