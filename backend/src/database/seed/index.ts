import type { FileStorage } from '../../common/file-storage';
import type { SectorKey } from '@rdv/sectors';
import type { Database } from '../database.types';
import { seedArticles } from '../../modules/content/articles.seed';
import { seedCityCoordinates } from '../../modules/geo/city-coordinates.seed';
import { requestDemoGeocoding } from '../../modules/geocoding/geocoding.seed';
import { and, eq, sql } from 'drizzle-orm';
import { seedDemoAvailability } from '../../modules/availability/demo-availability';
import { seedDemoFolder } from '../../modules/client-folders';
import { seedDemoFeeAgreement } from '../../modules/fee-agreements';
import { users } from '../schema';
import { DEMO_ACCOUNTS, seedDemo, type DemoSummary } from './demo-data';
import { seedDemoConsole } from './demo-console';
import { seedDemoActivity } from './demo-activity';
import { seedDemoPayments } from './demo-payments';
import { seedDemoFeeNotes } from '../../modules/fee-notes';
import { seedDemoOffices } from './demo-offices';
import { seedDemoPortrait } from './demo-portrait';
import { seedDemoSponsorship } from './demo-sponsorship';
import { seedCities, seedDepartments, seedSiteConfig, seedSpecialities } from './reference-data';

export { DEMO_ACCOUNTS } from './demo-data';
export { loadCommunes } from './reference-data';
export { LAWYER_SPECIALITIES } from './specialities';

export interface SeedOptions {
  sector: SectorKey;
  /** Load every commune (~35,000 rows). Off in tests that only need the demo cities. Default true. */
  communes?: boolean;
  /** Demo offices, professionals, reviews and accounts. Default true. */
  demo?: boolean;
  /** Where the demo folder's document is written (the document storage, checked); without it the folder has no file. */
  documents?: FileStorage;
  /** The accepted fee agreements' PDFs (lawyers); without it the demo's accepted agreement is not added. */
  agreements?: FileStorage;
  /** Where the demo professional's photo is written (the media storage, checked); without it they keep initials. */
  media?: FileStorage;
  log?: (line: string) => void;
}

export interface SeedSummary {
  departments: number;
  cities: number;
  specialities: number;
  demo?: DemoSummary;
}

/** Reference data (+ demo data). Idempotent: every row is upserted, so running it twice is safe. */
export async function seed(db: Database, options: SeedOptions): Promise<SeedSummary> {
  const log = options.log ?? (() => undefined);
  const departments = await seedDepartments(db);
  log(`departments: ${departments}`);
  const cities = options.communes === false ? 0 : await seedCities(db);
  if (options.communes !== false) log(`cities: ${cities}`);
  const specialities = await seedSpecialities(db, options.sector);
  log(`specialities (${options.sector}): ${specialities}`);
  await seedSiteConfig(db, options.sector);
  log(`guide articles (${options.sector}): ${await seedArticles(db, options.sector)} new`);
  const summary: SeedSummary = { departments, cities, specialities };
  if (options.demo !== false) {
    summary.demo = await seedDemo(db, options.sector);
    await seedDemoConsole(db, options.sector);
    log(
      `demo: ${summary.demo.teams} offices, ${summary.demo.professionals} professionals, ${summary.demo.reviews} reviews`,
    );
    // Demo professionals who take online booking get an agenda (calendar, motives, weekly hours),
    // so the directory cards and profiles show real free slots. Existing agendas are left alone.
    const bookable = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.isDemo, true), eq(users.acceptsOnlineBooking, true)));
    const agendas = await seedDemoAvailability(
      db,
      bookable.map((row) => row.id),
      options.sector,
    );
    log(`demo agendas: ${agendas.professionals} new`);
    const folder = await seedDemoFolder(
      db,
      { professionalEmail: DEMO_ACCOUNTS.professional.email, attendeeEmail: DEMO_ACCOUNTS.attendee.email },
      options.documents,
      options.sector,
    );
    log(`demo client folder: ${folder ? 'created' : 'kept'}`);
    const activity = await seedDemoActivity(db, DEMO_ACCOUNTS.professional.email, options.sector);
    log(`demo professional's activity: ${activity.appointments} appointments, ${activity.calls} calls added`);
    const paid = await seedDemoPayments(db, DEMO_ACCOUNTS.professional.email, options.sector);
    log(`demo paid consultations: ${paid.payments} payments`);
    const feeNotes = await seedDemoFeeNotes(db, DEMO_ACCOUNTS.professional.email);
    log(`demo fee notes: ${feeNotes.issued} issued`);
    const agreement = await seedDemoFeeAgreement(
      db,
      DEMO_ACCOUNTS.professional.email,
      options.sector,
      options.agreements,
    );
    log(
      `demo fee agreement: terms ${agreement.terms ? 'added' : 'kept'}, ${agreement.agreements} accepted added`,
    );
    const portrait = await seedDemoPortrait(db, DEMO_ACCOUNTS.professional.email, options.media);
    log(`demo professional's photo: ${portrait ? 'added' : 'kept'}`);
    const offices = await seedDemoOffices(db, DEMO_ACCOUNTS.professional.email);
    log(`demo offices: ${offices.managed} managers set, ${offices.joinRequests} join request added`);
    const sponsorship = await seedDemoSponsorship(db, DEMO_ACCOUNTS.professional.email);
    log(`demo sponsorship: ${sponsorship.referrals} referrals added`);
  }
  // After the demo, which may add its cities when the communes are not loaded.
  const coordinates = await seedCityCoordinates(db);
  // Practices placed in a commune get its coordinates (the profile form does the same when a commune is chosen).
  await db.execute(sql`
    UPDATE users u SET latitude = c.latitude, longitude = c.longitude
      FROM cities c WHERE c.id = u.city_id AND u.latitude IS NULL AND c.latitude IS NOT NULL`);
  if (options.demo !== false) {
    const geocoding = await requestDemoGeocoding(db);
    log(`demo addresses to geocode: ${geocoding.offices} offices, ${geocoding.practices} practices`);
  }
  log(
    `city coordinates: ${coordinates.matched} from GeoNames, ${coordinates.approximated} approximated, ${coordinates.missing} without`,
  );
  return summary;
}
