import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { cities } from './geo';

/** How exactly a practice or an office is placed: at its geocoded address, or at its commune's centre. */
type LocationPrecision = 'address' | 'commune';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Specialities (for lawyers: the 26 specialisation mentions). Ordered by `position`. */
export const specialities = pgTable('specialities', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  position: integer('position').notNull().default(0),
  /** Off: hidden from the public lists and forms (its pages still answer). */
  enabled: boolean('enabled').notNull().default(true),
});

/** Former slugs of a speciality: their URLs answer 301 to the current slug. */
export const specialitySlugHistory = pgTable('speciality_slug_history', {
  oldSlug: text('old_slug').primaryKey(),
  specialityId: integer('speciality_id')
    .notNull()
    .references(() => specialities.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Offices ("étude" / "cabinet"). `extId` is the office's registration number in its trade: SIRET, or crpcen for notaries. */
export const teams = pgTable(
  'teams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamUri: text('team_uri').notNull().unique(),
    name: text('name').notNull(),
    extId: text('ext_id').notNull().unique(),
    presentation: text('presentation'),
    street: text('street'),
    postalCode: text('postal_code'),
    cityId: integer('city_id').references(() => cities.id),
    phone: text('phone'),
    email: text('email'),
    /** The office photo: URL of the 400 px WebP square (media module), like users.picture. */
    picture: text('picture'),
    /**
     * The member who manages the office (name, presentation, webhook, members). Null for offices created by
     * an administrator until one of their members takes it over.
     */
    managerId: uuid('manager_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /**
     * Where the office is: its address as the geocoder placed it (`locationPrecision` 'address'), else its
     * commune's centre ('commune'). Set by the geocoding job after each change of the address.
     */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    locationPrecision: text('location_precision').$type<LocationPrecision>().notNull().default('commune'),
    /** When the geocoder was last asked for the current address (null: never since it was saved). */
    geocodedAt: timestamp('geocoded_at', { withTimezone: true }),
    isDemo: boolean('is_demo').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('teams_city_id_idx').on(t.cityId),
    check('teams_location_precision_check', sql`${t.locationPrecision} IN ('address', 'commune')`),
  ],
);

/** Professionals (the spec calls them "users"). `email` is stored lower-case. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull().unique(),
    email: text('email').notNull().unique(),
    /** The address a professional asked to move to, until they open the link mailed to it (lower-case). */
    pendingEmail: text('pending_email'),
    /** Null until the professional sets a password (account created from a registration request). */
    passwordHash: text('password_hash'),
    civility: text('civility'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** E.164, e.g. +33612345678 */
    telephone: text('telephone'),
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    userUri: text('user_uri').notNull().unique(),
    country: text('country').notNull().default('FR'),
    countryCode: text('country_code').notNull().default('+33'),
    timezone: text('timezone').notNull().default('Europe/Paris'),
    language: text('language').notNull().default('fr'),
    spokenLanguages: text('spoken_languages')
      .array()
      .notNull()
      .default(sql`'{fr}'::text[]`),
    picture: text('picture'),
    presentationTitle: text('presentation_title'),
    presentation: text('presentation'),
    mailCopyActivated: boolean('mail_copy_activated').notNull().default(false),
    copyEmails: text('copy_emails').array().notNull().default([]),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'set null' }),
    /** An office this professional asked to join (by its registration number), waiting for the office manager's answer. */
    requestedTeamId: uuid('requested_team_id').references(() => teams.id, { onDelete: 'set null' }),
    teamRequestedAt: timestamp('team_requested_at', { withTimezone: true }),
    cityId: integer('city_id').references(() => cities.id),
    /** Office address of the professional's practice (the public profile and in-person appointments). */
    street: text('street'),
    postalCode: text('postal_code'),
    /** Fees in the professional's words (first consultation, hourly rate, legal aid accepted...). */
    feesInfo: text('fees_info'),
    /** Takes cases under legal aid (aide juridictionnelle): a filter clients of the directory ask for. */
    acceptsLegalAid: boolean('accepts_legal_aid').notNull().default(false),
    /**
     * The number "Afficher le numéro" reveals on the public profile (the firm's switchboard or a line the
     * professional chose to publish), set knowingly in "Mon profil". Never `telephone`: that mobile is the
     * account's, used to verify it and for SMS, and stays private.
     */
    publicPhone: text('public_phone'),
    /** A lawyer's bar (barreau), a key of `FRENCH_BARS`: shown on the profile, named on fee notes. */
    bar: text('bar'),
    /**
     * Where the practice is, for the directory's distances and maps: the practice address as the geocoder
     * placed it (the professional's own, else their office's), `locationPrecision` 'address'; the commune's
     * centre ('commune') until then, or when the address could not be placed.
     */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    locationPrecision: text('location_precision').$type<LocationPrecision>().notNull().default('commune'),
    /** When the geocoder was last asked for the current practice address (null: never since it was saved). */
    geocodedAt: timestamp('geocoded_at', { withTimezone: true }),
    acceptsOnlineBooking: boolean('accepts_online_booking').notNull().default(true),
    inPersonEnabled: boolean('in_person_enabled').notNull().default(true),
    visioEnabled: boolean('visio_enabled').notNull().default(false),
    phoneEnabled: boolean('phone_enabled').notNull().default(false),
    /** SEO opt-out: false asks search engines not to index the profile. */
    indexable: boolean('indexable').notNull().default(true),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * Profile suspended for an unpaid subscription (the formal notice went unanswered for the terms'
     * notice period): hidden and not bookable, existing appointments kept. Cleared when the debt is paid.
     */
    billingSuspendedAt: timestamp('billing_suspended_at', { withTimezone: true }),
    /**
     * Shown to the public (profile, search, city and office pages, sitemaps, slots, booking): active
     * AND sign-up finished AND not suspended for non-payment. A professional created by an admin stays
     * hidden until they set a password.
     */
    isPublic: boolean('is_public')
      .notNull()
      .generatedAlwaysAs(sql`is_active AND password_hash IS NOT NULL AND billing_suspended_at IS NULL`),
    isDemo: boolean('is_demo').notNull().default(false),
    cguAcceptedAt: timestamp('cgu_accepted_at', { withTimezone: true }),
    /** Sponsorship: the professional's own code (made on first visit of /user/parrainage), in their referral link. */
    referralCode: text('referral_code').unique(),
    /** The colleague whose referral link brought this professional (registration request accepted). */
    referredBy: uuid('referred_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** Start of the professional's paid subscription: the first paid invoice (billing module); a referral counts from then. */
    subscribedAt: timestamp('subscribed_at', { withTimezone: true }),
    privacyAcceptedAt: timestamp('privacy_accepted_at', { withTimezone: true }),
    /**
     * The start of this professional's first free slot as the next-slot refresher last computed it (worker,
     * every minute): what the directory's "soonest slot first" order sorts a commune by, the live slots being
     * computed only for the page shown. Null: nothing bookable (or online booking off), sorted last. Kept fresh
     * by the marks of `next_slot_changes` (whatever takes or frees a slot) and by recomputing the ones passed.
     */
    nextFreeSlotAt: timestamp('next_free_slot_at', { withTimezone: true }),
    /** When the refresher last computed `nextFreeSlotAt` (null: never, picked first by its sweep). */
    nextFreeSlotCheckedAt: timestamp('next_free_slot_checked_at', { withTimezone: true }),
    /**
     * The ids of this professional's specialities (`user_specialities`), ascending: what the directory's search
     * filters a speciality by, a test on the row itself instead of a join. Kept by triggers on
     * `user_specialities` (migration `speciality_ids`), never written by the application. The join planned and
     * ran dearer on every filtered search (5,000 professionals, Paris + a speciality: the remote section 3.9 ms of
     * planning and 7.5 of execution with it, 2.0 and 4.5 without; the nearby section 4.0 -> 2.2 ms in all). The
     * search reaches a professional by commune or distance first: only the remote count reads an index of it.
     */
    specialityIds: integer('speciality_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    ...timestamps,
  },
  (t) => [
    index('users_city_id_idx').on(t.cityId),
    // "Soonest slot first" reads users_public_city_next_free_slot_idx (migration `next_free_slot`): hand-written,
    // like the listing indexes, for its ICU collations.
    // The refresher: stored slots now past, then the longest unchecked (never checked first).
    index('users_next_free_slot_at_idx')
      .on(t.nextFreeSlotAt)
      .where(sql`${t.nextFreeSlotAt} IS NOT NULL`),
    index('users_next_free_slot_checked_idx')
      .on(t.nextFreeSlotCheckedAt.asc().nullsFirst())
      .where(sql`${t.isPublic}`),
    // The search's remote section counts who consults by video or phone outside the commune (up to 1,001) from
    // this index alone, not from the table's rows (search-reach.repository remoteSection).
    index('users_remote_reach_idx')
      .on(t.cityId, t.id, t.phoneEnabled, t.visioEnabled)
      .where(sql`${t.isPublic} AND ${t.acceptsOnlineBooking} AND (${t.phoneEnabled} OR ${t.visioEnabled})`),
    // The remote section's count of one speciality's professionals (its commune's few listed, up to 1,001): the
    // speciality's remote professionals only, instead of every remote professional tested for the speciality
    // (5,000 professionals: 0.37 ms instead of a 4.1 ms scan of the table). Written through, like the clients'
    // trigram index: the first-free-slot refresher rewrites thousands of these rows a minute.
    index('users_remote_speciality_idx')
      .using('gin', t.specialityIds)
      .with({ fastupdate: false })
      .where(sql`${t.isPublic} AND ${t.acceptsOnlineBooking} AND (${t.phoneEnabled} OR ${t.visioEnabled})`),
    index('users_team_id_idx').on(t.teamId),
    index('users_requested_team_id_idx').on(t.requestedTeamId),
    check('users_location_precision_check', sql`${t.locationPrecision} IN ('address', 'commune')`),
    // "Nearby" search: a latitude range read, then the exact distance (directory.repository nearby()).
    index('users_public_lat_lon_idx')
      .on(t.latitude, t.longitude)
      .where(sql`${t.isPublic}`),
    // "Nearby" and "nearest first" searches: the professional's point on the unit sphere (cube extension), whose
    // straight-line distance orders exactly as the great-circle one; `ORDER BY point <-> origin LIMIT 20` is a
    // nearest-neighbour read of this index that stops at the page, bounded by the radius's box (directory.repository
    // globePoint()). Hand-written in the migration (CREATE EXTENSION cube first).
    index('users_public_globe_idx')
      .using(
        'gist',
        sql`cube(ARRAY[cos(radians(${t.latitude})) * cos(radians(${t.longitude})), cos(radians(${t.latitude})) * sin(radians(${t.longitude})), sin(radians(${t.latitude}))])`,
      )
      .where(sql`${t.isPublic} AND ${t.latitude} IS NOT NULL AND ${t.longitude} IS NOT NULL`),
    // The profiles sitemap: a file of 10,000 indexable profiles in URI order, read from this index alone (the
    // last change is in it too) instead of sorting the whole table.
    index('users_sitemap_idx')
      .on(t.userUri, t.updatedAt)
      .where(sql`${t.isPublic} AND ${t.indexable}`),
    // The console's dashboard: professionals registered over the last 30 days.
    index('users_created_at_idx').on(t.createdAt),
  ],
);

/**
 * "This professional's first free slot may have moved", either way: written by database triggers (migration
 * `next_free_slot`) in the transaction of whatever takes a slot (an appointment booked or moved, a reschedule
 * proposal, a busy range, an unavailability or holiday added, hours narrowed) or frees one (a cancellation, a
 * refusal, hours widened, a busy range removed). The next-slot refresher reads them oldest first, recomputes
 * `users.next_free_slot_at` of the professionals named and deletes the marks it handled. Separate from
 * `slot_availability_changes`, which only names freeing changes and belongs to the earlier-slot alert scan.
 * No foreign key, like those: a mark written while an account goes must not fail.
 */
export const nextSlotChanges = pgTable('next_slot_changes', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: uuid('user_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const userSpecialities = pgTable(
  'user_specialities',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    specialityId: integer('speciality_id')
      .notNull()
      .references(() => specialities.id, { onDelete: 'cascade' }),
    /** The professional's own order: the first one is their main speciality. */
    position: smallint('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.specialityId] }),
    // A speciality's professionals as an index-only read (the user id is in the index): a search of a city and a
    // speciality joins them to the city's professionals without visiting the table's rows.
    index('user_specialities_speciality_user_idx').on(t.specialityId, t.userId),
  ],
);
