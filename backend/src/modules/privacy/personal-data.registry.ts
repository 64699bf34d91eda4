import { sql, type SQL } from 'drizzle-orm';
import { containsPattern } from '../../common/like-pattern';

/**
 * Every table of the database and what it holds of people, in one list: the client's erasure and data
 * export (privacy.repository.ts) run from it, and `test/privacy/personal-data-registry.e2e-spec.ts`
 * reads the migrated schema and fails when a table, or a column whose name looks personal, is not
 * declared here. A new table or column therefore lands here first: either in a client entry (how it is
 * exported and erased) or with the reason client erasure leaves it alone.
 */

/** The client being exported or erased, with every value that names them. */
export interface DataSubject {
  attendeeId: string;
  /** The account's address and the one it was moving to (lower-case). */
  emails: string[];
  phones: string[];
  /** Values that name the person only as a whole value (first name, last name, birthdate). */
  names: string[];
  /** "First Last": found inside longer texts (a calendar title "Rendez-vous avec ..."). */
  fullName: string | null;
}

interface Declared {
  table: string;
  /** Columns that hold personal data. */
  personal: readonly string[];
  /** Columns whose name looks personal but hold none (the reason is in a comment next to the entry). */
  notPersonal?: readonly string[];
}

/** A table that holds clients' data: exported to them and erased with their account. */
export interface ClientTable extends Declared {
  subject: 'client';
  /** `SELECT <json> AS row FROM ...`: the client's rows, secrets left out; or why the export leaves it out. */
  export: ((p: DataSubject) => SQL) | { skipped: string };
  /** Statements run in the erasure transaction, in the registry's order (the account row last). */
  erase: (p: DataSubject) => SQL[];
}

/** A table whose personal data belongs to someone else than a client, or to nobody. */
export interface OtherTable extends Declared {
  subject: 'professional' | 'administrator' | 'office' | 'applicant' | 'company' | 'visitor' | 'nobody';
  /** Why the client's erasure and export leave it alone. */
  why: string;
}

export type RegistryEntry = ClientTable | OtherTable;

const list = (values: string[]): SQL =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/** `text ILIKE ANY` of the values that identify the person wherever they are written (address, phone, id). */
function mentions(text: SQL, p: DataSubject): SQL {
  const needles = [...p.emails, ...p.phones, p.attendeeId].map(containsPattern);
  return sql`${text} ILIKE ANY (ARRAY[${list(needles)}]::text[])`;
}

function regexEscape(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** JSON as text, where the string values naming the person become "[effacé]" (keys, ids and the rest kept). */
function redactedJson(column: SQL, p: DataSubject): SQL {
  let text = sql`${column}::text`;
  for (const value of p.names.filter((name) => name.trim() !== ''))
    text = sql`replace(${text}, ${JSON.stringify(value)}, '"[effacé]"')`;
  const inside = [...p.emails, ...p.phones, ...(p.fullName ? [p.fullName] : [])];
  for (const value of inside)
    text = sql`regexp_replace(${text}, ${regexEscape(JSON.stringify(value).slice(1, -1))}, '[effacé]', 'gi')`;
  return sql`(${text})::jsonb`;
}

const ERASED_PAYLOAD = sql`'{"erased": true}'::jsonb`;
const mine = (p: DataSubject) => sql`SELECT id FROM appointments WHERE attendee_id = ${p.attendeeId}`;
const folders = (p: DataSubject) => sql`SELECT id FROM client_folders WHERE attendee_id = ${p.attendeeId}`;
const recipients = (p: DataSubject) => list([...p.emails, ...p.phones]);

export const PERSONAL_DATA: readonly RegistryEntry[] = [
  // ---- clients' data, in erasure order ----
  {
    table: 'event_responses',
    subject: 'client',
    personal: ['message', 'availabilities'],
    export: (p) => sql`SELECT to_jsonb(t) AS row FROM event_responses t WHERE appointment_id IN (${mine(p)})`,
    erase: (p) => [sql`DELETE FROM event_responses WHERE appointment_id IN (${mine(p)})`],
  },
  {
    // the professional's messages asking the client for other times
    table: 'availability_requests',
    subject: 'client',
    personal: ['message'],
    export: (p) =>
      sql`SELECT to_jsonb(t) AS row FROM availability_requests t WHERE appointment_id IN (${mine(p)})`,
    erase: (p) => [sql`DELETE FROM availability_requests WHERE appointment_id IN (${mine(p)})`],
  },
  {
    table: 'appointment_details',
    subject: 'client',
    personal: [
      'cancellation_reason',
      'refusal_reason',
      'contact_first_name',
      'contact_last_name',
      'contact_phone',
      'contact_phone_country_code',
    ],
    export: (p) =>
      sql`SELECT to_jsonb(t) AS row FROM appointment_details t WHERE appointment_id IN (${mine(p)})`,
    erase: (p) => [
      sql`UPDATE appointment_details SET cancellation_reason = NULL, refusal_reason = NULL, contact_first_name = NULL,
            contact_last_name = NULL, contact_phone = NULL, contact_phone_country_code = NULL
          WHERE appointment_id IN (${mine(p)})`,
    ],
  },
  {
    // A paid appointment's payment: amounts and states are accounting records and stay; what ties them to the
    // client at the payment provider (their customer and card, the hosted page's address, the provider's message)
    // and the legal-aid declaration go with the account.
    table: 'appointment_payments',
    subject: 'client',
    personal: ['customer_id', 'payment_method_id', 'checkout_url', 'last_error', 'legal_aid'],
    export: (p) =>
      sql`SELECT to_jsonb(t) - 'checkout_url' - 'customer_id' - 'payment_method_id' AS row
          FROM appointment_payments t WHERE appointment_id IN (${mine(p)})`,
    erase: (p) => [
      sql`UPDATE appointment_payments SET customer_id = NULL, payment_method_id = NULL, checkout_url = NULL,
            last_error = NULL, legal_aid = false
          WHERE appointment_id IN (${mine(p)})`,
    ],
  },
  {
    // location is the office's address or the video link, never the client's
    table: 'appointments',
    subject: 'client',
    personal: ['attendee_id', 'title', 'notes'],
    notPersonal: ['location'],
    export: (p) =>
      sql`SELECT to_jsonb(t) AS row FROM appointments t WHERE attendee_id = ${p.attendeeId} ORDER BY starts_at`,
    // kept for the professional's records; titles written for calendars name the client ("Rendez-vous avec
    // ...") and go back to the motive's title; attendee_id becomes NULL with the account row
    erase: (p) => [
      sql`UPDATE appointments a SET notes = NULL, attendees_count = 1,
            title = coalesce((SELECT m.title FROM motives m WHERE m.id = a.motive_id), 'Rendez-vous')
          WHERE a.attendee_id = ${p.attendeeId}`,
    ],
  },
  {
    // the comment stays published without its author
    table: 'reviews',
    subject: 'client',
    personal: ['attendee_id', 'author_name', 'comment'],
    notPersonal: ['rejection_reason'],
    export: (p) => sql`SELECT to_jsonb(t) AS row FROM reviews t WHERE attendee_id = ${p.attendeeId}`,
    erase: (p) => [sql`UPDATE reviews SET author_name = NULL WHERE attendee_id = ${p.attendeeId}`],
  },
  {
    table: 'slot_alerts',
    subject: 'client',
    personal: ['email', 'attendee_id'],
    notPersonal: ['before'],
    export: (p) =>
      sql`SELECT to_jsonb(t) - 'confirm_token_hash' AS row FROM slot_alerts t
          WHERE attendee_id = ${p.attendeeId} OR email IN (${list(p.emails)}) ORDER BY created_at`,
    erase: (p) => [
      sql`DELETE FROM slot_alerts WHERE attendee_id = ${p.attendeeId} OR email IN (${list(p.emails)})`,
    ],
  },
  {
    // the professional's private notes stay out of the export; the folder goes with the account row (cascade)
    table: 'client_folders',
    subject: 'client',
    personal: ['attendee_id', 'title', 'reference', 'notes'],
    export: (p) =>
      sql`SELECT to_jsonb(t) - 'notes' AS row FROM client_folders t WHERE attendee_id = ${p.attendeeId}`,
    erase: () => [],
  },
  {
    table: 'folder_documents',
    subject: 'client',
    personal: ['file_name', 'label', 'storage_name'],
    export: (p) =>
      sql`SELECT to_jsonb(t) - 'storage_name' AS row FROM folder_documents t WHERE folder_id IN (${folders(p)})`,
    // rows go with the folder (cascade); the service removes the stored files after commit
    erase: () => [],
  },
  {
    table: 'folder_messages',
    subject: 'client',
    personal: ['body'],
    notPersonal: ['author'],
    export: (p) =>
      sql`SELECT to_jsonb(t) AS row FROM folder_messages t WHERE folder_id IN (${folders(p)}) ORDER BY created_at`,
    erase: () => [],
  },
  {
    table: 'folder_document_audit',
    subject: 'client',
    personal: ['actor_id', 'detail'],
    export: (p) =>
      sql`SELECT to_jsonb(t) AS row FROM folder_document_audit t WHERE folder_id IN (${folders(p)}) ORDER BY id`,
    erase: () => [],
  },
  {
    table: 'phone_verifications',
    subject: 'client',
    personal: ['account_id', 'phone', 'phone_country_code', 'requester_ip'],
    export: (p) =>
      sql`SELECT to_jsonb(t) - 'code_hash' AS row FROM phone_verifications t WHERE account_kind = 'attendee' AND account_id = ${p.attendeeId}`,
    erase: (p) => [
      sql`DELETE FROM phone_verifications WHERE account_kind = 'attendee' AND account_id = ${p.attendeeId}`,
    ],
  },
  {
    table: 'notification_deliveries',
    subject: 'client',
    personal: ['recipient', 'subject'],
    export: (p) =>
      sql`SELECT to_jsonb(t) AS row FROM notification_deliveries t WHERE recipient IN (${recipients(p)})`,
    erase: (p) => [sql`DELETE FROM notification_deliveries WHERE recipient IN (${recipients(p)})`],
  },
  {
    table: 'password_reset_tokens',
    subject: 'client',
    personal: ['account_id'],
    export: (p) =>
      sql`SELECT to_jsonb(t) - 'token_hash' AS row FROM password_reset_tokens t WHERE account_kind = 'attendee' AND account_id = ${p.attendeeId}`,
    erase: (p) => [
      sql`DELETE FROM password_reset_tokens WHERE account_kind = 'attendee' AND account_id = ${p.attendeeId}`,
    ],
  },
  {
    // the bare id stays so the erased account's old tokens stay refused
    table: 'session_revocations',
    subject: 'client',
    personal: ['account_id'],
    notPersonal: ['revoked_before'],
    export: (p) =>
      sql`SELECT to_jsonb(t) AS row FROM session_revocations t WHERE account_kind = 'attendee' AND account_id = ${p.attendeeId}`,
    erase: () => [],
  },
  {
    // what the administrators did about the client (who changed what, when), without the snapshots
    table: 'admin_audit_log',
    subject: 'client',
    personal: ['before', 'after', 'resource_id'],
    notPersonal: ['admin_email'],
    export: (p) =>
      sql`SELECT jsonb_build_object('id', id, 'action', action, 'resource', resource, 'resource_id', resource_id, 'created_at', created_at) AS row
          FROM admin_audit_log WHERE resource = 'clients' AND resource_id = ${p.attendeeId} ORDER BY id`,
    // who / what / when stay; the values naming the person inside the before / after snapshots go
    erase: (p) => [
      sql`UPDATE admin_audit_log SET before = ${redactedJson(sql`before`, p)}, after = ${redactedJson(sql`after`, p)}
          WHERE resource_id = ${p.attendeeId} OR ${mentions(sql`before::text`, p)} OR ${mentions(sql`after::text`, p)}`,
    ],
  },
  {
    table: 'outbox',
    subject: 'client',
    personal: ['payload'],
    notPersonal: ['job_name'],
    export: { skipped: 'technical queue of mails and jobs, already delivered or about to be' },
    // a sent job forgets the person; a pending one about them is not sent any more
    erase: (p) => [
      sql`UPDATE outbox SET payload = ${ERASED_PAYLOAD} WHERE sent_at IS NOT NULL AND ${mentions(sql`payload::text`, p)}`,
      sql`DELETE FROM outbox WHERE sent_at IS NULL AND ${mentions(sql`payload::text`, p)}`,
    ],
  },
  {
    table: 'idempotency_keys',
    subject: 'client',
    personal: ['scope', 'response_body'],
    export: { skipped: 'replay cache of booking answers (24 h), the appointments themselves are exported' },
    erase: (p) => [
      sql`DELETE FROM idempotency_keys WHERE scope LIKE ${`attendee:${p.attendeeId}:%`} OR ${mentions(sql`response_body::text`, p)}`,
    ],
  },
  {
    table: 'attendees',
    subject: 'client',
    personal: [
      'civility',
      'email',
      'pending_email',
      'first_name',
      'last_name',
      'birthdate',
      'phone',
      'phone_country_code',
      'password_hash',
      // a business client's name and SIRET, printed on their fee notes (Factur-X)
      'company_name',
      'company_siret',
    ],
    export: (p) =>
      sql`SELECT to_jsonb(t) - 'password_hash' AS row FROM attendees t WHERE id = ${p.attendeeId}`,
    // last: appointments.attendee_id and reviews.attendee_id become NULL, folders go (ON DELETE CASCADE)
    erase: (p) => [sql`DELETE FROM attendees WHERE id = ${p.attendeeId}`],
  },

  // ---- other people's data: handled by their own account's lifecycle ----
  {
    table: 'external_busy_times',
    subject: 'professional',
    personal: ['title'],
    why: 'the professional’s own calendar events (times, and titles shown only to them in their agenda): removed with the calendar connection or the professional’s account',
  },
  {
    table: 'users',
    subject: 'professional',
    personal: [
      'username',
      'email',
      'pending_email',
      'copy_emails',
      'civility',
      'first_name',
      'last_name',
      'telephone',
      'public_phone',
      'picture',
      'presentation_title',
      'presentation',
      'street',
      'postal_code',
      'password_hash',
      'bar',
      'fees_info',
    ],
    // How exactly the public practice is placed on the map (its point comes from the public address).
    notPersonal: ['user_uri', 'city_id', 'location_precision', 'geocoded_at'],
    why: 'professionals: their public profile, deactivated from the console',
  },
  {
    table: 'admins',
    subject: 'administrator',
    personal: ['email', 'first_name', 'last_name', 'password_hash'],
    why: 'administrators of the site',
  },
  {
    table: 'teams',
    subject: 'office',
    personal: ['email', 'phone', 'street', 'postal_code', 'picture', 'presentation'],
    notPersonal: ['name', 'team_uri', 'city_id', 'location_precision', 'geocoded_at'],
    why: 'offices’ public business contact details',
  },
  {
    table: 'registration_requests',
    subject: 'applicant',
    personal: [
      'civility',
      'first_name',
      'last_name',
      'email',
      'phone',
      'office_name',
      'office_number',
      'city',
      'message',
    ],
    notPersonal: ['refusal_reason'],
    why: 'professionals asking to join, handled by administrators',
  },
  {
    table: 'referral_invitations',
    subject: 'professional',
    personal: ['email'],
    why: 'colleagues a professional invited to join',
  },
  {
    table: 'sponsor_bank_details',
    subject: 'professional',
    personal: ['ciphertext', 'masked_iban'],
    why: 'professionals’ sponsorship payouts (sealed)',
  },
  {
    table: 'calendar_connections',
    subject: 'professional',
    personal: ['account_label', 'credentials_ciphertext', 'server_url'],
    why: 'professionals’ calendar accounts',
  },
  {
    table: 'external_calendars',
    subject: 'professional',
    personal: ['display_name'],
    why: 'professionals’ calendars',
  },
  {
    table: 'calendars',
    subject: 'professional',
    personal: ['name'],
    why: 'professionals’ agendas',
  },
  {
    table: 'unavailability_periods',
    subject: 'professional',
    personal: ['reason'],
    why: 'professionals’ own blocks',
  },
  {
    table: 'holiday_periods',
    subject: 'professional',
    personal: ['label'],
    why: 'professionals’ holidays',
  },
  {
    table: 'second_factors',
    subject: 'professional',
    personal: ['account_id', 'label', 'secret_ciphertext', 'credential_id', 'public_key'],
    why: 'second factors of professionals and administrators only (no client has one)',
  },
  {
    table: 'recovery_codes',
    subject: 'professional',
    personal: ['account_id', 'code_hash'],
    why: 'recovery codes of professionals and administrators only',
  },
  {
    table: 'motive_agreement_versions',
    subject: 'professional',
    personal: ['terms'],
    why: 'the fee agreement terms a lawyer writes for a paid motive (their text, no client in it)',
  },
  {
    // The evidence of a fee agreement the client accepted: exported to them; kept at their erasure because the
    // law of evidence and the professional's obligations outlive the account (a trigger refuses UPDATE and DELETE).
    table: 'fee_agreements',
    subject: 'client',
    personal: ['attendee_id', 'filled_text', 'client_ip', 'pdf_storage_name'],
    export: (p) =>
      sql`SELECT to_jsonb(t) - 'pdf_storage_name' AS row FROM fee_agreements t WHERE attendee_id = ${p.attendeeId}`,
    erase: () => [],
  },
  {
    // the professional's fee notes and credit notes to the client: the client receives them and gets them in
    // the export; erasure keeps them, accounting records the professional must keep ten years (Code de commerce,
    // L123-22), as the payments' amounts are kept
    table: 'fee_notes',
    subject: 'client',
    personal: ['document', 'pdf', 'facturx_xml'],
    export: (p) =>
      sql`SELECT to_jsonb(t) - 'pdf' - 'facturx_xml' AS row FROM fee_notes t WHERE appointment_id IN (${mine(p)})`,
    erase: () => [],
  },
  {
    table: 'fee_note_settings',
    subject: 'professional',
    personal: ['vat_number', 'siret'],
    why: 'the professional’s VAT regime and SIRET printed on their fee notes: removed with their account',
  },
  {
    table: 'fee_note_counters',
    subject: 'professional',
    personal: [],
    why: 'the next number of each professional’s fee notes, per year: no personal data',
  },
  {
    table: 'slot_availability_changes',
    subject: 'professional',
    personal: [],
    why: 'marks that a professional’s free slots may have grown (their id and a time), read and deleted by the earlier-slot alert scan',
  },
  {
    table: 'next_slot_changes',
    subject: 'professional',
    personal: [],
    why: 'marks that a professional’s first free slot may have moved (their id and a time), read and deleted by the next-slot refresher',
  },
  {
    table: 'fee_note_deliveries',
    subject: 'nobody',
    personal: [],
    why: 'whether a fee note was filed and mailed (ids and times): no personal data',
  },
  {
    table: 'payment_accounts',
    subject: 'professional',
    personal: ['stripe_account_id'],
    why: 'the professional’s connected account at the payment provider and its state: removed with their account',
  },
  {
    table: 'visio_settings',
    subject: 'professional',
    personal: ['own_link_url'],
    why: 'the professional’s video link provider and own meeting room: removed with their account',
  },
  {
    table: 'mail_suppressions',
    subject: 'visitor',
    personal: ['email'],
    why: 'addresses that asked not to receive invitations (one-click unsubscribe): kept after an erasure so the address is never mailed them again',
  },
  {
    table: 'billing_profiles',
    subject: 'professional',
    personal: ['firm_name', 'siren', 'street', 'postal_code', 'city'],
    why: 'professionals’ invoicing identity (kept as accounting law requires)',
  },
  {
    table: 'billing_invoices',
    subject: 'professional',
    personal: ['document', 'pdf', 'facturx_xml'],
    why: 'professionals’ invoices (kept as accounting law requires)',
  },
  {
    table: 'einvoice_transmissions',
    subject: 'professional',
    personal: ['payload'],
    why: 'professionals’ invoices as transmitted',
  },
  {
    table: 'billing_customers',
    subject: 'professional',
    personal: ['stripe_customer_id'],
    why: 'professionals’ payment accounts',
  },
  {
    table: 'billing_subscriptions',
    subject: 'professional',
    personal: ['payment_method_label'],
    why: 'professionals’ subscriptions',
  },
  {
    table: 'stripe_events',
    subject: 'professional',
    personal: ['payload'],
    why: 'payment provider events about professionals’ subscriptions',
  },
  {
    table: 'billing_companies',
    subject: 'company',
    personal: [],
    notPersonal: ['name', 'email', 'street', 'postal_code', 'city', 'siren', 'siret'],
    why: 'the site’s own company identity',
  },
  {
    table: 'calls',
    subject: 'visitor',
    personal: ['ip_hash'],
    why: 'phone reveals by anonymous visitors: a salted hash of the address, linked to no account',
  },
  {
    table: 'posts',
    subject: 'administrator',
    personal: ['author'],
    notPersonal: ['title', 'excerpt', 'content'],
    why: 'articles signed by the site’s editors',
  },
  {
    table: 'team_chat_settings',
    subject: 'office',
    personal: ['webhook_url'],
    notPersonal: ['message_template'],
    why: 'offices’ chat webhook (a secret of the office, not of a person)',
  },
  {
    table: 'motives',
    subject: 'nobody',
    personal: [],
    notPersonal: ['title'],
    why: 'appointment reasons offered by a professional',
  },
  {
    table: 'images',
    subject: 'nobody',
    personal: [],
    notPersonal: ['title'],
    why: 'site images',
  },
  {
    table: 'mail_templates',
    subject: 'nobody',
    personal: [],
    notPersonal: ['subject', 'html', 'text'],
    why: 'mail wording',
  },
  {
    table: 'cities',
    subject: 'nobody',
    personal: [],
    notPersonal: ['name', 'postal_codes'],
    why: 'reference data',
  },
  {
    table: 'departments',
    subject: 'nobody',
    personal: [],
    notPersonal: ['name'],
    why: 'reference data',
  },
  {
    table: 'specialities',
    subject: 'nobody',
    personal: [],
    notPersonal: ['name'],
    why: 'reference data',
  },
  ...[
    'appointment_calendar_events',
    'appointment_reminders',
    'availability_settings',
    'billing_drifts',
    'calendar_feeds',
    'appointment_reschedule_requests',
    'processed_jobs',
    'redirects',
    'revoked_access_tokens',
    'site_config',
    'speciality_slug_history',
    'user_specialities',
    'weekly_availabilities',
    'worked_public_holiday_months',
  ].map((table): OtherTable => ({
    table,
    subject: 'nobody',
    personal: [],
    why: 'no personal data: identifiers, times, settings or technical state',
  })),
];

export const CLIENT_TABLES = PERSONAL_DATA.filter(
  (entry): entry is ClientTable => entry.subject === 'client',
);

/** Last words of column names that are flags, times, counts or keys, whatever the words before (`phone_verified_at`). */
export const NEVER_PERSONAL_SUFFIXES = [
  'at',
  'id',
  'enabled',
  'allowed',
  'activated',
  'hour',
  'months',
  'uri',
] as const;

/**
 * How a column name looks personal: one of its words is one of these. The registry test flags such a column
 * unless the registry declares it (personal or not).
 */
export const PERSONAL_LOOKING_WORDS = [
  'email',
  'emails',
  'mail',
  'phone',
  'telephone',
  'name',
  'civility',
  'birthdate',
  'birth',
  'address',
  'street',
  'postal',
  'city',
  'ip',
  'iban',
  'siren',
  'siret',
  'message',
  'body',
  'comment',
  'notes',
  'author',
  'recipient',
  'payload',
  'before',
  'after',
  'label',
  'reason',
  'detail',
  'title',
  'subject',
  'presentation',
  'content',
  'location',
] as const;
