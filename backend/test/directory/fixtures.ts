import { randomBytes, randomUUID } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { sql } from 'drizzle-orm';
import { DRIZZLE } from '../../src/database/database.module';
import type { Database } from '../../src/database/database.types';
import { cities, specialities, teams, userSpecialities, users } from '../../src/database/schema';
import { AccessTokens, AccountKind } from '../../src/modules/identity/access-tokens';
import { UNUSABLE_PASSWORD_HASH } from '../../src/modules/identity/password-hasher';

export function dbOf(app: NestFastifyApplication): Database {
  return app.get<Database>(DRIZZLE);
}

export function tokenFor(kind: AccountKind): string {
  return tokenForAccount(kind, randomUUID());
}

export function tokenForAccount(kind: AccountKind, id: string): string {
  return new AccessTokens(process.env.JWT_SECRET!).sign({ kind, id });
}

export interface ProfessionalSpec {
  first: string;
  last: string;
  city: number;
  team?: string;
  online?: boolean;
  specialities?: number[];
  indexable?: boolean;
  active?: boolean;
  telephone?: string | null;
  visio?: boolean;
  /** False: created by an admin, sign-up not finished (no password yet). */
  signedUp?: boolean;
}

/**
 * A small directory with unique uris (the run's database is shared by every test file):
 * Lyon with 25 active professionals (19 taking online booking) and an inactive one, Saint-Étienne with 2, Marseille
 * with none, Paris with one professional who opted out of indexing; two specialities, two offices.
 */
export async function createDirectoryFixture(db: Database) {
  const s = randomBytes(3).toString('hex');
  // Each fixture's Lyon sits at its own point (within ~1 km) so nearest-city tests find their own.
  const lyonAt = {
    latitude: 45.764 + (parseInt(s, 16) % 1000) / 100_000,
    longitude: 4.8357 + (parseInt(s, 16) % 997) / 100_000,
  };
  await db.execute(
    sql`INSERT INTO departments (code, name) VALUES ('69', 'Rhône'), ('42', 'Loire'), ('13', 'Bouches-du-Rhône'), ('75', 'Paris') ON CONFLICT DO NOTHING`,
  );
  const cityRows = await db
    .insert(cities)
    .values([
      {
        inseeCode: `T${s}1`,
        name: 'Lyon',
        cityUri: `lyon-${s}`,
        departmentCode: '69',
        postalCodes: ['69001', '69002'],
        population: 522_250,
        ...lyonAt,
      },
      {
        inseeCode: `T${s}2`,
        name: 'Saint-Étienne',
        cityUri: `saint-etienne-${s}`,
        departmentCode: '42',
        postalCodes: ['42000'],
        population: 173_089,
        latitude: 45.4347,
        longitude: 4.3903,
      },
      {
        inseeCode: `T${s}3`,
        name: 'Marseille',
        cityUri: `marseille-${s}`,
        departmentCode: '13',
        postalCodes: ['13001'],
        population: 873_076,
        latitude: 43.2965,
        longitude: 5.3698,
      },
      {
        inseeCode: `T${s}4`,
        name: 'Paris',
        cityUri: `paris-${s}`,
        departmentCode: '75',
        postalCodes: ['75001'],
        population: 2_113_705,
        latitude: 48.8566,
        longitude: 2.3522,
      },
    ])
    .returning({ id: cities.id, cityUri: cities.cityUri });
  const [lyon, saintEtienne, marseille, paris] = cityRows;
  const specRows = await db
    .insert(specialities)
    .values([
      { slug: `droit-penal-${s}`, name: `Droit pénal ${s}`, position: 1 },
      { slug: `droit-de-la-famille-${s}`, name: `Droit de la famille ${s}`, position: 2 },
      { slug: `droit-fiscal-${s}`, name: `Droit fiscal ${s}`, position: 3 },
    ])
    .returning({ id: specialities.id, slug: specialities.slug });
  const [penal, famille, fiscal] = specRows;
  const teamRows = await db
    .insert(teams)
    .values([
      {
        teamUri: `cabinet-rhone-${s}`,
        name: `Cabinet Rhône ${s}`,
        extId: `R${s}`,
        cityId: lyon.id,
        street: '1 place Bellecour',
        postalCode: '69002',
        phone: '+33478000000',
        presentation: 'Cabinet au cœur de Lyon.',
      },
      { teamUri: `cabinet-forez-${s}`, name: `Cabinet Forez ${s}`, extId: `F${s}`, cityId: saintEtienne.id },
    ])
    .returning({ id: teams.id, teamUri: teams.teamUri });
  const [rhone, forez] = teamRows;

  const specs: ProfessionalSpec[] = [];
  for (let i = 0; i < 25; i += 1) {
    specs.push({
      first: `Prénom${String(i).padStart(2, '0')}`,
      last: `Nom${String(24 - i).padStart(2, '0')}`,
      city: lyon.id,
      team: i < 5 ? rhone.id : undefined,
      online: i % 4 !== 3, // 6 of 25 do not take online booking
      specialities: i % 2 === 0 ? [penal.id] : [famille.id],
      telephone: i === 1 ? null : `+3347800${String(1000 + i)}`,
      visio: i % 3 === 0,
    });
  }
  specs.push({
    first: 'Élodie',
    last: 'Écuyer',
    city: saintEtienne.id,
    team: forez.id,
    specialities: [penal.id],
  });
  specs.push({
    first: 'Bruno',
    last: 'Arnaud',
    city: saintEtienne.id,
    online: false,
    specialities: [famille.id],
  });
  specs.push({
    first: 'Camille',
    last: 'Discrète',
    city: paris.id,
    indexable: false,
    specialities: [penal.id],
  });
  specs.push({ first: 'Ancien', last: 'Inactif', city: lyon.id, active: false, specialities: [penal.id] });

  const created: Array<{ id: string; userUri: string; spec: ProfessionalSpec }> = [];
  for (const [index, spec] of specs.entries()) {
    const userUri = `${spec.first}-${spec.last}-${s}-${index}`
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
    const [row] = await db
      .insert(users)
      .values({
        username: `${userUri}@example.test`,
        email: `${userUri}@example.test`,
        firstName: spec.first,
        lastName: spec.last,
        civility: index % 2 === 0 ? 'Mme' : 'M.',
        userUri,
        cityId: spec.city,
        teamId: spec.team ?? null,
        acceptsOnlineBooking: spec.online ?? true,
        indexable: spec.indexable ?? true,
        isActive: spec.active ?? true,
        passwordHash: spec.signedUp === false ? null : UNUSABLE_PASSWORD_HASH,
        // Every professional has the account's private mobile; `spec.telephone` is the number they published.
        telephone: '+33699999999',
        publicPhone: spec.telephone === undefined ? '+33612345678' : spec.telephone,
        visioEnabled: spec.visio ?? false,
        presentationTitle: `Avocat ${spec.last}`,
        presentation: 'Je vous reçois au cabinet ou en visio.',
        spokenLanguages: ['fr', 'en'],
      })
      .returning({ id: users.id, userUri: users.userUri });
    if (spec.specialities?.length) {
      await db
        .insert(userSpecialities)
        .values(spec.specialities.map((specialityId) => ({ userId: row.id, specialityId })));
    }
    created.push({ ...row, spec });
  }
  return {
    suffix: s,
    lyonAt,
    cities: { lyon, saintEtienne, marseille, paris },
    specialities: { penal, famille, fiscal },
    teams: { rhone, forez },
    professionals: created,
  };
}

export type DirectoryFixture = Awaited<ReturnType<typeof createDirectoryFixture>>;
