import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { completeSiret, getSector, isBarKey, officeIdentifierOf, type SectorKey } from '@rdv/sectors';
import { hashPassword, UNUSABLE_PASSWORD_HASH } from '../../modules/identity/password-hasher';
import type { Database } from '../database.types';
import { admins, attendees, cities, reviews, specialities, teams, userSpecialities, users } from '../schema';
import { demoContentFor, type SectorDemoContent } from './sector-demo-content';
import { specialitiesFor } from './specialities';
import { FEMALE_FIRST_NAMES, LAST_NAMES, MALE_FIRST_NAMES, STREETS } from './french-names';
import { Random, stableUuid } from './random';
import { seedCities } from './reference-data';
import { slugify } from './slug';

/** Demo accounts, also listed in the README. */
export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@demo.rdv-avocat.fr', password: 'DemoAdmin2026!' },
  professional: { email: 'avocat@demo.rdv-avocat.fr', username: 'avocat.demo', password: 'DemoAvocat2026!' },
  attendee: { email: 'client@demo.rdv-avocat.fr', password: 'DemoClient2026!' },
} as const;

/** ~20 big cities (INSEE code) and how many demo professionals each gets (60 in all). */
export const DEMO_CITIES: ReadonlyArray<{ insee: string; name: string; professionals: number }> = [
  { insee: '75056', name: 'Paris', professionals: 9 },
  { insee: '69123', name: 'Lyon', professionals: 5 },
  { insee: '13055', name: 'Marseille', professionals: 5 },
  { insee: '31555', name: 'Toulouse', professionals: 3 },
  { insee: '06088', name: 'Nice', professionals: 3 },
  { insee: '44109', name: 'Nantes', professionals: 3 },
  { insee: '67482', name: 'Strasbourg', professionals: 3 },
  { insee: '34172', name: 'Montpellier', professionals: 3 },
  { insee: '33063', name: 'Bordeaux', professionals: 3 },
  { insee: '59350', name: 'Lille', professionals: 3 },
  { insee: '35238', name: 'Rennes', professionals: 2 },
  { insee: '51454', name: 'Reims', professionals: 2 },
  { insee: '42218', name: 'Saint-Étienne', professionals: 2 },
  { insee: '83137', name: 'Toulon', professionals: 2 },
  { insee: '38185', name: 'Grenoble', professionals: 2 },
  { insee: '21231', name: 'Dijon', professionals: 2 },
  { insee: '49007', name: 'Angers', professionals: 2 },
  { insee: '30189', name: 'Nîmes', professionals: 2 },
  { insee: '63113', name: 'Clermont-Ferrand', professionals: 2 },
  { insee: '13001', name: 'Aix-en-Provence', professionals: 2 },
];

const DEMO_TEAM_COUNT = 15;

const REVIEW_AUTHORS = [
  'Marc D.',
  'Sylvie L.',
  'Karim B.',
  'Nadia R.',
  'Jean-Pierre M.',
  'Lucie T.',
  'Hervé G.',
  'Amandine P.',
  'Paul V.',
  'Yasmine K.',
];

const EXTRA_LANGUAGES = ['en', 'es', 'de', 'it', 'ar', 'pt'] as const;

export interface DemoSummary {
  cities: number;
  teams: number;
  professionals: number;
  reviews: number;
}

interface ProfessionalDraft {
  username: string;
  email: string;
  civility: 'M.' | 'Mme';
  firstName: string;
  lastName: string;
  cityInsee: string;
  cityName: string;
  teamExtId: string | null;
  specialitySlugs: string[];
  acceptsOnlineBooking: boolean;
  password?: string;
}

/** Family and employment law for the demo lawyer; the first two specialities in other sectors. */
function demoAccountSpecialities(slugs: string[]): string[] {
  const preferred = ['droit-de-la-famille-des-personnes-et-de-leur-patrimoine', 'droit-du-travail'].filter(
    (slug) => slugs.includes(slug),
  );
  return preferred.length > 0 ? preferred : slugs.slice(0, 2);
}

function sentenceCase(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}

/**
 * 1 to 3 of the sector's specialities; a groomer's always name at least one animal (chiens, chats, NAC)
 * beside the services, so every demo groomer is found by the pet a visitor filters on.
 */
function drawSpecialities(random: Random, slugs: string[], animalSlugs: ReadonlySet<string>): string[] {
  const animals = slugs.filter((slug) => animalSlugs.has(slug));
  if (animals.length === 0) return random.sample(slugs, random.int(1, 3));
  const services = slugs.filter((slug) => !animalSlugs.has(slug));
  return [...random.sample(services, random.int(1, 2)), ...random.sample(animals, random.int(1, 2))];
}

/** Deterministic demo data set: same sector -> same rows, so running the seed twice changes nothing. */
export function buildDemoPlan(sector: SectorKey, specialitySlugs: string[]) {
  const random = new Random(20260101);
  const { words, productName } = getSector(sector);
  // demo.rdv-avocat.fr, demo.rdv-notaire.fr... (the three demo accounts keep theirs, listed in the README)
  const emailDomain = `demo.${slugify(productName)}.fr`;
  const animalSlugs = new Set((demoContentFor(sector).animals ?? []).map(slugify));

  const teamCities = DEMO_CITIES.slice(0, DEMO_TEAM_COUNT);
  const usedTeamNames = new Set<string>();
  const teamPlans = teamCities.map((city, index) => {
    let lastA: string;
    let lastB: string;
    let name: string;
    do {
      lastA = random.pick(LAST_NAMES);
      lastB = random.pick(LAST_NAMES);
      const style = index % 3;
      name =
        style === 0
          ? `${sentenceCase(words.office)} ${lastA}`
          : style === 1
            ? `${sentenceCase(words.office)} ${lastA} & Associés`
            : `${sentenceCase(words.office)} ${lastA}-${lastB}`;
    } while (usedTeamNames.has(name) || lastA === lastB);
    usedTeamNames.add(name);
    return {
      // The office's registration number in its trade: a crpcen for notaries, a SIRET (valid key) otherwise.
      extId:
        officeIdentifierOf(getSector(sector)).kind === 'crpcen'
          ? `9${String(1001 + index * 37).padStart(4, '0')}`
          : completeSiret(`84${String(1001 + index * 37).padStart(7, '0')}0001`),
      name,
      teamUri: `${slugify(name)}-${slugify(city.name)}`,
      cityInsee: city.insee,
      cityName: city.name,
      street: `${random.int(1, 98)} ${random.pick(STREETS)}`,
      phone: `+331990${String(10_000 + index * 211).slice(-5)}`,
      email: `contact.${slugify(lastA)}@${emailDomain}`,
    };
  });

  const professionals: ProfessionalDraft[] = [];
  const usedUsernames = new Set<string>([DEMO_ACCOUNTS.professional.username]);
  // The demo professional account: Paris, in the first Paris office.
  professionals.push({
    username: DEMO_ACCOUNTS.professional.username,
    email: DEMO_ACCOUNTS.professional.email,
    civility: 'Mme',
    firstName: 'Camille',
    lastName: 'Durand',
    cityInsee: '75056',
    cityName: 'Paris',
    teamExtId: teamPlans[0].extId,
    specialitySlugs: demoAccountSpecialities(specialitySlugs),
    acceptsOnlineBooking: true,
    password: DEMO_ACCOUNTS.professional.password,
  });
  for (const city of DEMO_CITIES) {
    const count = city.insee === '75056' ? city.professionals - 1 : city.professionals;
    const cityTeams = teamPlans.filter((team) => team.cityInsee === city.insee);
    for (let i = 0; i < count; i++) {
      const female = random.chance(0.55);
      const firstName = random.pick(female ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES);
      const lastName = random.pick(LAST_NAMES);
      let username = `${slugify(firstName)}.${slugify(lastName)}`.replace(/-/g, '');
      for (let n = 2; usedUsernames.has(username); n++)
        username = `${slugify(firstName)}.${slugify(lastName)}${n}`.replace(/-/g, '');
      usedUsernames.add(username);
      professionals.push({
        username,
        email: `${username}@${emailDomain}`,
        civility: female ? 'Mme' : 'M.',
        firstName,
        lastName,
        cityInsee: city.insee,
        cityName: city.name,
        teamExtId: cityTeams.length > 0 && random.chance(0.7) ? random.pick(cityTeams).extId : null,
        specialitySlugs: drawSpecialities(random, specialitySlugs, animalSlugs),
        acceptsOnlineBooking: !random.chance(0.15),
      });
    }
  }
  return { random, words, teamPlans, professionals };
}

function presentationFor(
  draft: ProfessionalDraft,
  specialityNames: string[],
  title: string,
  content: SectorDemoContent,
  random: Random,
): string {
  const domains = specialityNames.map((name) => name.charAt(0).toLowerCase() + name.slice(1)).join(', ');
  const years = random.int(3, 28);
  const opener = random.pick(content.openers)({
    female: draft.civility === 'Mme',
    years,
    city: draft.cityName,
    title,
  });
  return `${opener} Domaines d’intervention : ${domains}. ${random.pick(content.closers)}`;
}

/**
 * Demo offices, professionals, reviews and the three demo accounts. Requires the specialities
 * (seedSpecialities); makes sure the demo cities exist. Idempotent: every row is upserted on a
 * natural key (ext_id, username, email, deterministic review id).
 */
export async function seedDemo(db: Database, sector: SectorKey): Promise<DemoSummary> {
  await seedCities(db, { only: DEMO_CITIES.map((c) => c.insee) });
  const cityRows = await db
    .select({ id: cities.id, insee: cities.inseeCode, postalCodes: cities.postalCodes })
    .from(cities)
    .where(
      inArray(
        cities.inseeCode,
        DEMO_CITIES.map((c) => c.insee),
      ),
    );
  const cityByInsee = new Map(cityRows.map((row) => [row.insee, row]));
  const specialityRows = await db
    .select({ id: specialities.id, slug: specialities.slug, name: specialities.name })
    .from(specialities)
    .orderBy(specialities.position);
  if (specialityRows.length === 0) throw new Error('seedDemo: seed the specialities first');
  const specialityBySlug = new Map(specialityRows.map((row) => [row.slug, row]));

  // Only the sector's own list feeds the random draws: specialities an administrator (or another
  // test) added must not reshuffle who is where, or the demo would change on every reseed.
  const seededNames = new Set(specialitiesFor(sector));
  const seededRows = specialityRows.filter((row) => seededNames.has(row.name));
  const content = demoContentFor(sector);
  const { random, teamPlans, professionals } = buildDemoPlan(
    sector,
    (seededRows.length > 0 ? seededRows : specialityRows).map((row) => row.slug),
  );
  const now = new Date();

  return db.transaction(async (tx) => {
    // Demo offices seeded before each trade had its own number kept a crpcen-like one: give them their new
    // number in place (same page, same members) before the upsert, which finds offices by that number.
    for (const team of teamPlans) {
      await tx
        .update(teams)
        .set({ extId: team.extId })
        .where(and(eq(teams.teamUri, team.teamUri), eq(teams.isDemo, true), ne(teams.extId, team.extId)));
    }
    const teamRows = await tx
      .insert(teams)
      .values(
        teamPlans.map((team) => {
          const city = cityByInsee.get(team.cityInsee)!;
          return {
            teamUri: team.teamUri,
            name: team.name,
            extId: team.extId,
            presentation: `${team.name} vous reçoit à ${team.cityName}, ${team.street}. Une équipe disponible pour vous conseiller et vous accompagner dans vos démarches.`,
            street: team.street,
            postalCode: city.postalCodes[0] ?? null,
            cityId: city.id,
            phone: team.phone,
            email: team.email,
            isDemo: true,
          };
        }),
      )
      .onConflictDoUpdate({
        target: teams.extId,
        set: {
          teamUri: sql`excluded.team_uri`,
          name: sql`excluded.name`,
          presentation: sql`excluded.presentation`,
          street: sql`excluded.street`,
          postalCode: sql`excluded.postal_code`,
          cityId: sql`excluded.city_id`,
          phone: sql`excluded.phone`,
          email: sql`excluded.email`,
          isDemo: sql`true`,
          updatedAt: sql`now()`,
        },
      })
      .returning({ id: teams.id, extId: teams.extId });
    const teamIdByExtId = new Map(teamRows.map((row) => [row.extId, row.id]));

    const usedUris = new Set<string>();
    const values = [];
    for (const [index, draft] of professionals.entries()) {
      const city = cityByInsee.get(draft.cityInsee)!;
      let userUri = `${slugify(draft.firstName)}-${slugify(draft.lastName)}`;
      if (usedUris.has(userUri)) userUri = `${userUri}-${slugify(draft.cityName)}`;
      for (let n = 2; usedUris.has(userUri); n++)
        userUri = `${slugify(draft.firstName)}-${slugify(draft.lastName)}-${n}`;
      usedUris.add(userUri);
      const names = draft.specialitySlugs.map((slug) => specialityBySlug.get(slug)!.name);
      const title = content.title(draft.civility);
      // The demo account receives at its office's address (profile complete); the others show their office's.
      const ownOffice = draft.password ? teamPlans.find((team) => team.extId === draft.teamExtId) : undefined;
      const presentationTitle = content.presentationTitle(title, draft.cityName);
      values.push({
        username: draft.username,
        email: draft.email,
        // Fictional professionals are signed up (public) but nobody can sign in as them.
        passwordHash: draft.password ? await hashPassword(draft.password) : UNUSABLE_PASSWORD_HASH,
        civility: draft.civility,
        firstName: draft.firstName,
        lastName: draft.lastName,
        telephone: `+331990${String(20_000 + index * 97).slice(-5)}`,
        // The number the profile reveals, published knowingly (four in five demo professionals have one; by
        // position, not drawn, so the plan's later random choices stay the same).
        publicPhone: index % 5 === 4 ? null : `+331990${String(30_000 + index * 89).slice(-5)}`,
        phoneVerifiedAt: now,
        userUri,
        country: 'FR',
        countryCode: '+33',
        timezone: 'Europe/Paris',
        language: 'fr',
        spokenLanguages: ['fr', ...random.sample(EXTRA_LANGUAGES, random.chance(0.5) ? random.int(1, 2) : 0)],
        presentationTitle,
        presentation: presentationFor(draft, names, title, content, random),
        // by position, not drawn: drawing would shift every later random choice of the deterministic plan
        feesInfo: content.fees[index % content.fees.length],
        teamId: draft.teamExtId ? (teamIdByExtId.get(draft.teamExtId) ?? null) : null,
        cityId: city.id,
        street: ownOffice?.street ?? null,
        postalCode: ownOffice ? (city.postalCodes[0] ?? null) : null,
        // A lawyer pleads at the bar of their commune's court: the demo cities all have one of their name.
        bar: getSector(sector).hasBar && isBarKey(slugify(draft.cityName)) ? slugify(draft.cityName) : null,
        acceptsOnlineBooking: draft.acceptsOnlineBooking,
        inPersonEnabled: true,
        // drawn in every sector so the later draws (reviews) stay the same; a groomer works in the salon only
        visioEnabled: random.chance(0.6) && content.remoteModes,
        phoneEnabled: random.chance(0.5) && content.remoteModes,
        indexable: true,
        isActive: true,
        isDemo: true,
        cguAcceptedAt: now,
        privacyAcceptedAt: now,
      });
    }
    const userRows = await tx
      .insert(users)
      .values(values)
      .onConflictDoUpdate({
        target: users.username,
        set: {
          email: sql`excluded.email`,
          passwordHash: sql`excluded.password_hash`,
          civility: sql`excluded.civility`,
          firstName: sql`excluded.first_name`,
          lastName: sql`excluded.last_name`,
          telephone: sql`excluded.telephone`,
          userUri: sql`excluded.user_uri`,
          spokenLanguages: sql`excluded.spoken_languages`,
          presentationTitle: sql`excluded.presentation_title`,
          presentation: sql`excluded.presentation`,
          feesInfo: sql`excluded.fees_info`,
          teamId: sql`excluded.team_id`,
          cityId: sql`excluded.city_id`,
          // an address the professional typed in the demo is kept
          street: sql`coalesce(${users.street}, excluded.street)`,
          postalCode: sql`CASE WHEN ${users.street} IS NULL THEN excluded.postal_code ELSE ${users.postalCode} END`,
          acceptsOnlineBooking: sql`excluded.accepts_online_booking`,
          bar: sql`excluded.bar`,
          publicPhone: sql`excluded.public_phone`,
          visioEnabled: sql`excluded.visio_enabled`,
          phoneEnabled: sql`excluded.phone_enabled`,
          isDemo: sql`true`,
          updatedAt: sql`now()`,
        },
      })
      .returning({ id: users.id, username: users.username });
    const userIdByUsername = new Map(userRows.map((row) => [row.username, row.id]));

    const links = professionals.flatMap((draft) =>
      draft.specialitySlugs.map((slug, position) => ({
        userId: userIdByUsername.get(draft.username)!,
        specialityId: specialityBySlug.get(slug)!.id,
        position,
      })),
    );
    await tx.delete(userSpecialities).where(inArray(userSpecialities.userId, [...userIdByUsername.values()]));
    await tx.insert(userSpecialities).values(links).onConflictDoNothing();

    // A few reviews: most published, some pending or rejected (not counted in the rating).
    const reviewValues = [];
    for (const draft of professionals.filter((_, index) => index % 4 === 0)) {
      const count = random.int(1, 4);
      for (let k = 0; k < count; k++) {
        const status = k === 3 ? 'pending' : random.chance(0.1) ? 'rejected' : 'published';
        const rating = random.chance(0.75) ? random.int(4, 5) : random.int(2, 3);
        const createdAt = new Date(Date.UTC(2025, random.int(0, 11), random.int(1, 28), random.int(8, 19)));
        reviewValues.push({
          id: stableUuid(`review:${draft.username}:${k}`),
          userId: userIdByUsername.get(draft.username)!,
          rating,
          // the text matches the rating: a 2 or 3 star review never reads as a recommendation
          comment: random.pick(rating >= 4 ? content.reviewComments : content.mixedReviewComments),
          authorName: random.pick(REVIEW_AUTHORS),
          status: status as 'pending' | 'published' | 'rejected',
          publishedAt: status === 'published' ? createdAt : null,
          createdAt,
        });
      }
    }
    await tx
      .insert(reviews)
      .values(reviewValues)
      .onConflictDoUpdate({
        target: reviews.id,
        set: {
          rating: sql`excluded.rating`,
          comment: sql`excluded.comment`,
          authorName: sql`excluded.author_name`,
          status: sql`excluded.status`,
          publishedAt: sql`excluded.published_at`,
        },
      });

    await tx
      .insert(admins)
      .values({
        email: DEMO_ACCOUNTS.admin.email,
        passwordHash: await hashPassword(DEMO_ACCOUNTS.admin.password),
        firstName: 'Alice',
        lastName: 'Admin',
      })
      .onConflictDoUpdate({ target: admins.email, set: { passwordHash: sql`excluded.password_hash` } });
    await tx
      .insert(attendees)
      .values({
        email: DEMO_ACCOUNTS.attendee.email,
        passwordHash: await hashPassword(DEMO_ACCOUNTS.attendee.password),
        civility: 'M.',
        firstName: 'Julien',
        lastName: 'Client',
        birthdate: '1988-04-12',
        phone: '+33199001234',
        phoneCountryCode: 'FR',
        phoneVerifiedAt: now,
        cguAcceptedAt: now,
        privacyAcceptedAt: now,
      })
      .onConflictDoUpdate({
        target: attendees.email,
        set: { passwordHash: sql`excluded.password_hash`, updatedAt: sql`now()` },
      });

    return {
      cities: cityRows.length,
      teams: teamRows.length,
      professionals: userRows.length,
      reviews: reviewValues.length,
    };
  });
}
