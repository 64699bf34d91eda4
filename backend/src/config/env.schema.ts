import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { validateCronExpression } from 'cron';
import { z } from 'zod';
import { parseEncryptionKeys } from './encryption-keys';
import { getSector, type SectorKey } from '@rdv/sectors';

/**
 * Every environment variable the backend reads, validated once at boot.
 * A missing or invalid variable stops the process with one line naming it
 * (see `loadEnv`). The doc comments are the reference: `node scripts/env-reference.mjs` writes them into README.md.
 */
const url = (protocols: string[], label: string) =>
  z
    .string({ error: `must be set (${label})` })
    .trim()
    .min(1, { error: `must be set (${label})` })
    .refine(
      (value) => {
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      { error: `must be a ${label}` },
    );

/** One IP or CIDR range (`10.0.0.0/8`, `::1`, `fd00::/8`), as ipaddr.js reads it. */
function isAddressOrRange(value: string): boolean {
  return value.includes('/') ? safely(() => ipaddr.parseCIDR(value)) : ipaddr.isValid(value);
}
function safely(parse: () => unknown): boolean {
  try {
    parse();
    return true;
  } catch {
    return false;
  }
}

/** localhost, 127.0.0.0/8 or ::1: where the demo's fakes listen, never a production service. */
function isLoopbackUrl(value: string): boolean {
  const host = new URL(value).hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  return ipaddr.isValid(host) && ipaddr.process(host).range() === 'loopback';
}

const portOf = (hostPort: string) => Number(hostPort.slice(hostPort.lastIndexOf(':') + 1));
const hostOf = (hostPort: string) => hostPort.slice(0, hostPort.lastIndexOf(':')).replace(/^\[(.*)\]$/, '$1');

const booleanFlag = (name: string) =>
  z
    .enum(['true', 'false', '1', '0'], { error: `must be true or false (${name})` })
    .default('false')
    .transform((value) => value === 'true' || value === '1');

/** Where uploaded files live: read by the API and by the seed script (loadStorageEnv). */
const storageShape = {
  /**
   * Directory of uploaded pictures and images (content-addressed .webp files, served by
   * GET /api/v1/media/...). A relative path resolves against the working directory, so the
   * demo and e2e scripts pass an absolute one (<repo>/var/media/<stack>); created at start if missing.
   */
  MEDIA_DIR: z
    .string()
    .trim()
    .min(1, { error: 'must be a directory path' })
    .refine((value) => !value.includes('\0'), { error: 'must be a directory path' })
    .default('var/media')
    .transform((value) => path.resolve(value)),
  /**
   * Directory of client-folder documents: server-named files, never served publicly
   * (downloads go through short-lived signed links). Relative paths resolve against the working
   * directory; created at start if missing.
   */
  DOCUMENTS_DIR: z
    .string()
    .trim()
    .min(1, { error: 'must be a directory path' })
    .refine((value) => !value.includes('\0'), { error: 'must be a directory path' })
    .default('var/documents')
    .transform((value) => path.resolve(value)),
  /**
   * Where uploaded files live: `local` (default) in MEDIA_DIR and DOCUMENTS_DIR, or `s3`
   * in one S3-compatible bucket, media under `media/` and documents under `documents/`, so API
   * replicas share them. Objects are written private (no ACL) and never need a public bucket: the
   * API streams them. The bucket is checked at start (reachable, writable), naming the variable.
   */
  STORAGE: z.enum(['local', 's3'], { error: 'must be local or s3' }).default('local'),
  /** S3-compatible endpoint (MinIO, Scaleway, OVH...); unset = AWS S3 of S3_REGION. */
  S3_ENDPOINT: url(['http:', 'https:'], 'http(s):// URL').optional(),
  /** The bucket's region (`eu-west-3`, `fr-par`, `us-east-1` for MinIO...), required with STORAGE=s3. */
  S3_REGION: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{2,32}$/, { error: 'must be a region name (e.g. eu-west-3, fr-par, us-east-1)' })
    .optional(),
  /** The bucket, required with STORAGE=s3. It must not be public: nothing needs it to be. */
  S3_BUCKET: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
      error: 'must be a bucket name (3 to 63 lowercase letters, digits, dots or hyphens)',
    })
    .optional(),
  /**
   * Both or neither: unset, the SDK's default chain is used (pod identity, instance role). Rights needed:
   * `s3:ListBucket` on the bucket, `s3:GetObject`, `s3:PutObject`, `s3:DeleteObject` on `media/*` and `documents/*`.
   */
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  /** Goes with S3_ACCESS_KEY_ID. */
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  /** `bucket` in the path instead of the host name: MinIO and most self-hosted stores need it. */
  S3_FORCE_PATH_STYLE: booleanFlag('S3_FORCE_PATH_STYLE'),
  /** Server-side encryption asked on every upload; `none` leaves it to the bucket's default. */
  S3_SERVER_SIDE_ENCRYPTION: z
    .enum(['AES256', 'aws:kms', 'none'], { error: 'must be AES256, aws:kms or none' })
    .default('AES256'),
};

/** The defaults of the calendar providers' endpoints: anything else is the loopback fake of the demo or tests. */
const CALENDAR_PROVIDER_DEFAULTS = {
  GOOGLE_CALENDAR_AUTH_URL: 'https://accounts.google.com/o/oauth2/v2/auth',
  GOOGLE_CALENDAR_TOKEN_URL: 'https://oauth2.googleapis.com/token',
  GOOGLE_CALENDAR_API_URL: 'https://www.googleapis.com/',
  MICROSOFT_CALENDAR_AUTHORITY_URL: 'https://login.microsoftonline.com',
  MICROSOFT_GRAPH_URL: 'https://graph.microsoft.com/v1.0',
} as const;

/** A client id of the simulated providers (scripts/google-fake.mjs, scripts/microsoft-fake.mjs), never a real one. */
export const SIMULATION_CLIENT_ID_PREFIX = 'simulation-';

/**
 * As with Stripe's fake: the demo and the e2e stack run NODE_ENV=production against the loopback fakes of
 * Google and Microsoft, with a simulation client id; a real app registration (lawyers' real calendars) is
 * never pointed anywhere but Google and Microsoft.
 */
function checkCalendarSimulations(
  env: Record<keyof typeof CALENDAR_PROVIDER_DEFAULTS, string> & {
    NODE_ENV: string;
    MICROSOFT_CALENDAR_CONSENT_URL?: string;
    GOOGLE_CALENDAR_CLIENT_ID?: string;
    MICROSOFT_CALENDAR_CLIENT_ID?: string;
  },
  ctx: z.RefinementCtx,
): void {
  if (env.NODE_ENV !== 'production') return;
  if (
    env.MICROSOFT_CALENDAR_CONSENT_URL &&
    !env.MICROSOFT_CALENDAR_CLIENT_ID?.startsWith(SIMULATION_CLIENT_ID_PREFIX)
  )
    ctx.addIssue({
      code: 'custom',
      path: ['MICROSOFT_CALENDAR_CONSENT_URL'],
      message: `must not be set in production unless the client id is a simulation one (${SIMULATION_CLIENT_ID_PREFIX}...): it sends lawyers to a fake consent page`,
    });
  for (const key of Object.keys(CALENDAR_PROVIDER_DEFAULTS) as (keyof typeof CALENDAR_PROVIDER_DEFAULTS)[]) {
    if (env[key].replace(/\/+$/, '') === CALENDAR_PROVIDER_DEFAULTS[key].replace(/\/+$/, '')) continue;
    const clientId = key.startsWith('GOOGLE')
      ? env.GOOGLE_CALENDAR_CLIENT_ID
      : env.MICROSOFT_CALENDAR_CLIENT_ID;
    if (clientId?.startsWith(SIMULATION_CLIENT_ID_PREFIX)) continue;
    ctx.addIssue({
      code: 'custom',
      path: [key],
      message: `must not be changed in production unless the client id is a simulation one (${SIMULATION_CLIENT_ID_PREFIX}...): it points lawyers' calendars at a fake`,
    });
  }
}

function checkStorage(env: z.infer<z.ZodObject<typeof storageShape>>, ctx: z.RefinementCtx): void {
  if (env.STORAGE === 's3') {
    for (const key of ['S3_BUCKET', 'S3_REGION'] as const) {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'must be set when STORAGE=s3' });
    }
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    ctx.addIssue({
      code: 'custom',
      path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
      message: 'must be set with the other S3 key (S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together)',
    });
  }
}

export const envSchema = z
  .object({
    /** `production` turns Swagger UI off by default, requires CALENDAR_ENCRYPTION_KEYS and scans uploads with clamd by default. */
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    /** PostgreSQL of the API, the worker and the scripts (migrations, seeds): the primary, the truth. */
    DATABASE_URL: url(['postgres:', 'postgresql:'], 'postgres:// URL'),
    /**
     * Optional streaming replica of DATABASE_URL: the public directory's reads (search, listings, profiles,
     * offices, sitemaps) go there; everything that must read its own writes stays on the primary. While the
     * replica cannot answer, those reads fall back to the primary.
     */
    DATABASE_READ_URL: url(['postgres:', 'postgresql:'], 'postgres:// URL').optional(),
    /** Redis of BullMQ and of the per-address limits, shared by every replica. */
    REDIS_URL: url(['redis:', 'rediss:'], 'redis:// URL').default('redis://127.0.0.1:6379'),
    /**
     * Redis behind Sentinel: `host:port,host:port` of the sentinels and the name of the monitored master.
     * Set together; REDIS_URL then gives only the password, database number and TLS (its host is ignored):
     * every client (BullMQ, throttling) asks the sentinels for the current primary and follows a failover.
     */
    REDIS_SENTINELS: z
      .string()
      .trim()
      .transform((value) =>
        value
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean),
      )
      .refine(
        (entries) =>
          entries.length > 0 &&
          entries.every(
            (entry) => /^(\[[0-9a-fA-F:]+\]|[A-Za-z0-9.-]+):\d{1,5}$/.test(entry) && portOf(entry) <= 65535,
          ),
        { error: 'must be a comma-separated list of host:port (e.g. 10.0.0.5:26379,10.0.0.6:26379)' },
      )
      .transform((entries) => entries.map((entry) => ({ host: hostOf(entry), port: portOf(entry) })))
      .optional(),
    /** The master name the sentinels of REDIS_SENTINELS monitor (both or neither). */
    REDIS_SENTINEL_NAME: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9._-]+$/, {
        error: 'must be the master name the sentinels monitor (letters, digits, . _ -)',
      })
      .optional(),
    /** Password of the sentinels themselves (`requirepass` of sentinel.conf), when they have one. */
    REDIS_SENTINEL_PASSWORD: z.string().min(1).optional(),
    /** The API's HTTP port. */
    PORT: z.coerce
      .number({ error: 'must be a port number' })
      .int({ error: 'must be a port number' })
      .min(1, { error: 'must be a port number' })
      .max(65535, { error: 'must be a port number' })
      .default(3001),
    /**
     * Side port of /metrics (Prometheus) and, for the worker, of /health and /health/ready: never the public
     * API port, so the gateway cannot expose it. Unset: no side port (tests, local runs).
     */
    METRICS_PORT: z.coerce
      .number({ error: 'must be a port number' })
      .int({ error: 'must be a port number' })
      .min(1, { error: 'must be a port number' })
      .max(65535, { error: 'must be a port number' })
      .optional(),
    /** The trade this deployment serves: colour, vocabulary, route words, specialities, demo data (the UIs are built for it too). */
    SECTOR: z
      .enum(['lawyer', 'bailiff', 'notary', 'groomer'], {
        error: 'must be one of lawyer, bailiff, notary, groomer',
      })
      .default('lawyer'),
    /** Signs the three kinds of access tokens (admin, user, attendee); at least 32 characters (the demo generates `var/jwt-secret`, mode 0600). */
    JWT_SECRET: z
      .string({ error: 'must be set (at least 32 characters)' })
      .min(32, { error: 'must be at least 32 characters long' }),
    /** The site's public origin, for links in mails, canonical URLs and the sitemap. */
    PUBLIC_URL: url(['http:', 'https:'], 'http(s):// URL').default('http://localhost:3000'),
    /**
     * Profiles per file of the profiles sitemap (/sitemaps/profiles.xml, then profiles-2.xml...): the sitemap
     * protocol allows 50,000 URLs per file, and a smaller file is quicker to build and to fetch.
     */
    SITEMAP_PROFILES_PER_FILE: z.coerce
      .number({ error: 'must be a whole number from 1 to 50000' })
      .int({ error: 'must be a whole number from 1 to 50000' })
      .min(1, { error: 'must be a whole number from 1 to 50000' })
      .max(50_000, { error: 'must be a whole number from 1 to 50000' })
      .default(5_000),
    /** Outgoing mail server of the worker. */
    SMTP_URL: url(['smtp:', 'smtps:'], 'smtp:// URL').default('smtp://127.0.0.1:1025'),
    /** DKIM signing of outgoing mail: the signing domain (d=), usually MAIL_FROM's. With DKIM_SELECTOR and DKIM_PRIVATE_KEY_FILE. */
    DKIM_DOMAIN: z
      .string()
      .trim()
      .regex(/^(?=.{1,253}$)([a-z0-9-]{1,63}\.)+[a-z]{2,63}$/i, { error: 'must be a domain name' })
      .optional(),
    /** DKIM selector (s=): the DNS record `<selector>._domainkey.<domain>` holds the public key. */
    DKIM_SELECTOR: z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9-]{0,62}$/i, { error: 'must be a DNS label' })
      .optional(),
    /** PEM file of the DKIM private key (a mounted secret; never the key itself in the environment). */
    DKIM_PRIVATE_KEY_FILE: z.string().min(1).optional(),
    /** Unset: the sector's product name, "RDV Notaire <no-reply@rdv-notaire.fr>" (see the transform below). */
    MAIL_FROM: z.string().min(3, { error: 'must be a sender address' }).optional(),
    /** `log`: verification codes and reminder SMS are written to the log (development); `twilio`: sent through Twilio. */
    SMS_PROVIDER: z.enum(['log', 'twilio'], { error: 'must be log or twilio' }).default('log'),
    /** Twilio account, with SMS_PROVIDER=twilio. */
    TWILIO_ACCOUNT_SID: z.string().optional(),
    /** Twilio account's token, with SMS_PROVIDER=twilio. */
    TWILIO_AUTH_TOKEN: z.string().optional(),
    /** The Twilio Verify service that sends and checks phone codes, with SMS_PROVIDER=twilio. */
    TWILIO_VERIFY_SERVICE_SID: z.string().optional(),
    /** Sender of plain SMS (reminders) when SMS_PROVIDER=twilio: an E.164 number or an alphanumeric sender ID. */
    TWILIO_SMS_FROM: z
      .string()
      .trim()
      .regex(/^(\+[1-9]\d{6,14}|(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11})$/, {
        error:
          'must be an E.164 number (+33...) or an alphanumeric sender ID (up to 11 letters, digits, spaces)',
      })
      .optional(),
    /** Tests only: points the real Twilio SDK at a loopback fake. */
    TWILIO_API_BASE_URL: url(['http:', 'https:'], 'http(s):// URL').optional(),
    /** pino's level for the API and the worker. */
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'must be one of fatal, error, warn, info, debug, trace, silent',
      })
      .default('info'),
    /**
     * A self-hosted Jitsi server: video appointments of professionals without Google Meet, Teams or their own
     * room link get `<JITSI_BASE_URL>/<unguessable room>`. Unset: no Jitsi (meet.jit.si asks organisers to sign in).
     */
    JITSI_BASE_URL: url(['http:', 'https:'], 'http(s):// URL').optional(),
    /** How long a notification attempt owns a delivery before a retry may assume its worker died (then it resends). */
    NOTIFICATION_LEASE_SECONDS: z.coerce
      .number({ error: 'must be a number of seconds' })
      .int()
      .min(1)
      .max(3600)
      .default(120),
    ...storageShape,
    /**
     * Antivirus of uploaded documents: `clamav` scans each file with clamd (INSTREAM) at
     * CLAMAV_ADDRESS and refuses the upload when clamd is unreachable; `none` (development) scans nothing.
     * Default: clamav in production, none elsewhere.
     */
    ANTIVIRUS: z.enum(['clamav', 'none'], { error: 'must be clamav or none' }).optional(),
    /** clamd's socket: `tcp://host:port` or the path of its unix socket (`/run/clamav/clamd.ctl`). */
    CLAMAV_ADDRESS: z
      .string()
      .trim()
      .regex(/^(tcp:\/\/[^\s:/]+:\d{1,5}|\/[^\0]+)$/, {
        error: 'must be tcp://host:port or an absolute unix socket path',
      })
      .default('/run/clamav/clamd.ctl'),
    /**
     * The peers whose X-Forwarded-For the API believes (the web gateway, a load balancer): IPs or
     * CIDR ranges, comma-separated. Any other peer's forwarded headers are ignored, so a client
     * cannot choose the address the per-IP limits count. Default: loopback (the gateway of the
     * demo and e2e stacks, on the same host).
     */
    TRUSTED_PROXIES: z
      .string()
      .default('127.0.0.1/8,::1')
      .transform((value) =>
        value
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean),
      )
      .refine((entries) => entries.length > 0 && entries.every(isAddressOrRange), {
        error: 'must be a comma-separated list of IP addresses or CIDR ranges (e.g. 127.0.0.1,10.0.0.0/8)',
      }),
    /**
     * Development and tests only: lets office chat webhooks reach private, loopback and link-local
     * addresses over plain http (the local receiver of the tests and the demo). Off by default:
     * otherwise a webhook must be https to a public address (no SSRF into the infrastructure).
     */
    CHAT_WEBHOOK_ALLOW_PRIVATE: booleanFlag('CHAT_WEBHOOK_ALLOW_PRIVATE'),
    /**
     * Development and tests only: lets CalDAV and Exchange (EWS) connections reach private, loopback and
     * link-local addresses over plain http (the tests' Radicale and EWS fake, the demo). Off by default:
     * otherwise the server must be https to a public address (no SSRF into the infrastructure).
     */
    CALDAV_ALLOW_PRIVATE: booleanFlag('CALDAV_ALLOW_PRIVATE'),
    /**
     * Keys sealing every secret kept at rest (AES-256-GCM): connected calendars' credentials and sponsors' bank
     * details, `kid:base64key,...` (`openssl rand -base64 32`),
     * and the id of the one that seals new ones (default: the only key). Required in production; without
     * them elsewhere, connecting a calendar answers 503.
     */
    CALENDAR_ENCRYPTION_KEYS: z.string().optional(),
    /** The key id of CALENDAR_ENCRYPTION_KEYS that seals new secrets (default: the only key); to rotate, add a key and point this at it. */
    CALENDAR_ENCRYPTION_KEY_ID: z.string().optional(),
    /** Unused: bookings ask polled calendars live every time (LiveBusyCheck); kept so existing environments start. */
    CALENDAR_SYNC_FRESH_SECONDS: z.coerce
      .number({ error: 'must be a number of seconds' })
      .int()
      .min(0)
      .max(86_400)
      .default(900),
    /**
     * Calendar sync by OAuth: the app registered at Google (Calendar API) and at Microsoft Entra (Graph,
     * one app for Outlook.com and Office 365). Each provider needs its three values or none: unset, its
     * connect button is hidden. The redirect URI is the API's callback, exactly as registered.
     */
    GOOGLE_CALENDAR_CLIENT_ID: z.string().trim().min(1).optional(),
    /** Google's OAuth client secret (with the client id and the redirect URI). */
    GOOGLE_CALENDAR_CLIENT_SECRET: z.string().trim().min(1).optional(),
    /** Exactly `https://<api host>/api/v1/calendar-oauth/callback`, as registered at Google. */
    GOOGLE_CALENDAR_REDIRECT_URI: url(['http:', 'https:'], 'http(s):// URL').optional(),
    /** The Microsoft Entra app registration (Outlook.com and Office 365 buttons; delegated `Calendars.ReadWrite`, `offline_access`). */
    MICROSOFT_CALENDAR_CLIENT_ID: z.string().trim().min(1).optional(),
    /** The Entra app's client secret (it expires: renew it before). */
    MICROSOFT_CALENDAR_CLIENT_SECRET: z.string().trim().min(1).optional(),
    /** Exactly `https://<api host>/api/v1/calendar-oauth/callback`; Graph's change notifications go to the same origin. */
    MICROSOFT_CALENDAR_REDIRECT_URI: url(['http:', 'https:'], 'http(s):// URL').optional(),
    /**
     * Where the Microsoft identity platform and Graph are. Production leaves both to their defaults; the
     * demo and the e2e stack point them at the simulated Microsoft, scripts/microsoft-fake.mjs (https: MSAL
     * refuses any other authority scheme).
     */
    MICROSOFT_CALENDAR_AUTHORITY_URL: url(['https:'], 'https:// URL').default(
      'https://login.microsoftonline.com',
    ),
    /** Where Microsoft Graph is (the simulated Microsoft in the demo and the e2e stack). */
    MICROSOFT_GRAPH_URL: url(['https:'], 'https:// URL').default('https://graph.microsoft.com/v1.0'),
    /**
     * Where the browser opens Microsoft's consent page, when not on the authority's host. Production leaves it
     * unset; the demo's simulated Microsoft serves its consent page over plain http (its https certificate is
     * a throwaway one only the API trusts, a browser would warn).
     */
    MICROSOFT_CALENDAR_CONSENT_URL: url(['http:', 'https:'], 'http(s):// URL').optional(),
    /**
     * Where Google's consent page, token endpoint and Calendar API are. Production leaves the three to their
     * defaults; the demo and the e2e stack point them at the loopback fake (scripts/google-fake.mjs).
     */
    GOOGLE_CALENDAR_AUTH_URL: url(['http:', 'https:'], 'http(s):// URL').default(
      'https://accounts.google.com/o/oauth2/v2/auth',
    ),
    /** Google's OAuth token endpoint (the loopback fake in the demo and the e2e stack). */
    GOOGLE_CALENDAR_TOKEN_URL: url(['http:', 'https:'], 'http(s):// URL').default(
      'https://oauth2.googleapis.com/token',
    ),
    /** The Calendar API's root, with its trailing slash (the loopback fake in the demo and the e2e stack). */
    GOOGLE_CALENDAR_API_URL: url(['http:', 'https:'], 'http(s):// URL').default(
      'https://www.googleapis.com/',
    ),
    /**
     * Subscriptions through Stripe: the secret key, the webhook endpoint's signing secret and the two
     * monthly prices (the introductory one of the first months, then the standard one). All four or none:
     * unset, the professional space shows no subscribe button and the webhook answers 503.
     */
    STRIPE_SECRET_KEY: z.string().trim().min(1).optional(),
    STRIPE_WEBHOOK_SECRET: z.string().trim().min(1).optional(),
    STRIPE_PRICE_INTRO: z.string().trim().min(1).optional(),
    STRIPE_PRICE_STANDARD: z.string().trim().min(1).optional(),
    /**
     * Where the Stripe API is, for tests and the demo only (the loopback fake, scripts/stripe-fake.mjs).
     * Unset: api.stripe.com. With NODE_ENV=production it is refused unless the key is a test-mode one
     * (sk_test_...): the demo stack runs in production mode against the fake, real payments never do.
     */
    STRIPE_API_URL: url(['http:', 'https:'], 'http(s):// URL').optional(),
    /**
     * The geocoder of office and practice addresses: the French national address base (BAN, `/search/` of
     * api-adresse), whose point replaces the commune's centre in the directory's distances. The demo and the
     * e2e stack point it at the loopback simulation (scripts/ban-fake.mjs) with GEOCODER_SIMULATION=true;
     * production refuses a loopback address otherwise. A self-hosted BAN (addok) on a private network is fine.
     */
    GEOCODER_URL: url(['http:', 'https:'], 'http(s):// URL').default('https://api-adresse.data.gouv.fr'),
    /** How long one geocoding request may take before the job gives up and retries later (the save never waits). */
    GEOCODER_TIMEOUT_MS: z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int({ error: 'must be a number of milliseconds' })
      .min(100, { error: 'must be at least 100 ms' })
      .max(30_000, { error: 'must be at most 30000 ms' })
      .default(3_000),
    /**
     * Declares GEOCODER_URL a simulation (the demo's and the e2e stack's loopback fake, whose points are made up):
     * the only way production mode accepts a loopback GEOCODER_URL.
     */
    GEOCODER_SIMULATION: booleanFlag('GEOCODER_SIMULATION'),
    /** Months of the introductory price before the standard one (the schedule's first phase). */
    STRIPE_INTRO_MONTHS: z.coerce
      .number({ error: 'must be a number of months' })
      .int({ error: 'must be a number of months' })
      .min(0, { error: 'must be a number of months' })
      .max(24, { error: 'must be at most 24 months' })
      .default(6),
    /**
     * On SIGTERM the API answers readiness 503 and goes on serving this many seconds before it stops
     * listening (rolling restarts behind a gateway or a load balancer lose no request). 0: closes at once.
     * Set it above the readiness check period of whatever routes to the API (the gateway checks every second).
     */
    SHUTDOWN_DRAIN_SECONDS: z.coerce
      .number({ error: 'must be a number of seconds' })
      .int({ error: 'must be a number of seconds' })
      .min(0, { error: 'must be a number of seconds' })
      .max(120, { error: 'must be at most 120 seconds' })
      .default(0),
    /**
     * When the worker scans for appointments to remind (six-field cron: seconds first). Every worker
     * replica scans at the same instants; each reminder is claimed once. Default every 5 minutes.
     */
    REMINDER_SCAN_CRON: z
      .string()
      .trim()
      .refine((value) => value.split(/\s+/).length === 6 && validateCronExpression(value).valid, {
        error: 'must be a six-field cron expression (seconds first), e.g. 0 */5 * * * *',
      })
      .default('0 */5 * * * *'),
    /**
     * true: the worker's outbox relay only polls (every 500 ms) and does not LISTEN for the outbox's
     * notifications: behind a transaction-pooling PgBouncer, where a LISTEN does not outlive its statement.
     * Default false: a committed outbox row wakes the relay at once (commit-to-mail time).
     */
    OUTBOX_POLL_ONLY: booleanFlag('OUTBOX_POLL_ONLY'),
    /**
     * true when DATABASE_URL goes through a transaction-pooling PgBouncer: the statements a transaction sends
     * grouped in one round trip go inlined, planned on each run, instead of as EXECUTE of a statement the
     * connection prepared once (a SQL PREPARE lives on one server connection, which the client's next transaction
     * may not get). Named statements sent alone need PgBouncer 1.21+ with max_prepared_statements. Set
     * OUTBOX_POLL_ONLY too. Default false: a direct connection keeps those plans.
     */
    DATABASE_TRANSACTION_POOLING: booleanFlag('DATABASE_TRANSACTION_POOLING'),
    /** Prefix of this deployment's Redis keys: BullMQ's queues and the calendars seen changing (the tests use a random one). */
    QUEUE_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9_:-]+$/, { error: 'must contain only letters, digits, _ : -' })
      .default('rdv'),
    /**
     * Swagger UI at /api/v1/docs (and the JSON at /api/v1/docs-json). Unset: off when
     * NODE_ENV=production (the API's whole surface is nobody's business there), on otherwise.
     * The committed backend/openapi.json is generated by a script and does not depend on it.
     */
    API_DOCS_ENABLED: z
      .enum(['true', 'false'], { error: 'must be true or false' })
      .transform((value) => value === 'true')
      .optional(),
  })
  .superRefine((env, ctx) => {
    const dkim = [env.DKIM_DOMAIN, env.DKIM_SELECTOR, env.DKIM_PRIVATE_KEY_FILE];
    if (dkim.some(Boolean) && !dkim.every(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        path: [
          !env.DKIM_DOMAIN ? 'DKIM_DOMAIN' : !env.DKIM_SELECTOR ? 'DKIM_SELECTOR' : 'DKIM_PRIVATE_KEY_FILE',
        ],
        message:
          'must be set with DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY_FILE (DKIM signing needs all three)',
      });
    }
    if (Boolean(env.REDIS_SENTINELS) !== Boolean(env.REDIS_SENTINEL_NAME)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.REDIS_SENTINELS ? 'REDIS_SENTINEL_NAME' : 'REDIS_SENTINELS'],
        message:
          'must be set with REDIS_SENTINELS / REDIS_SENTINEL_NAME (sentinel addresses and master name go together)',
      });
    }
    if (env.CALENDAR_ENCRYPTION_KEYS) {
      try {
        const keys = parseEncryptionKeys(env.CALENDAR_ENCRYPTION_KEYS);
        const current = env.CALENDAR_ENCRYPTION_KEY_ID;
        if (current ? !keys.has(current) : keys.size > 1) {
          ctx.addIssue({
            code: 'custom',
            path: ['CALENDAR_ENCRYPTION_KEY_ID'],
            message: 'must name one of the key ids of CALENDAR_ENCRYPTION_KEYS',
          });
        }
      } catch (error) {
        ctx.addIssue({
          code: 'custom',
          path: ['CALENDAR_ENCRYPTION_KEYS'],
          message: (error as Error).message,
        });
      }
    } else if (env.NODE_ENV === 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['CALENDAR_ENCRYPTION_KEYS'],
        message: 'must be set in production (kid:base64key, openssl rand -base64 32)',
      });
    }
    for (const prefix of ['GOOGLE_CALENDAR', 'MICROSOFT_CALENDAR'] as const) {
      const keys = [`${prefix}_CLIENT_ID`, `${prefix}_CLIENT_SECRET`, `${prefix}_REDIRECT_URI`] as const;
      if (keys.some((key) => env[key]) && !keys.every((key) => env[key])) {
        for (const key of keys) {
          if (!env[key])
            ctx.addIssue({
              code: 'custom',
              path: [key],
              message: `must be set with the other ${prefix}_* variables (client id, secret, redirect URI)`,
            });
        }
      }
    }
    checkCalendarSimulations(env, ctx);
    checkStorage(env, ctx);
    const stripeKeys = [
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'STRIPE_PRICE_INTRO',
      'STRIPE_PRICE_STANDARD',
    ] as const;
    if (stripeKeys.some((key) => env[key]) && !stripeKeys.every((key) => env[key])) {
      for (const key of stripeKeys) {
        if (!env[key])
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: 'must be set with the other STRIPE_* variables (secret key, webhook secret, prices)',
          });
      }
    }
    // The demo and the e2e stack run NODE_ENV=production against the fake with a test-mode key; a live key
    // (real money) never goes anywhere but api.stripe.com.
    if (
      env.STRIPE_API_URL &&
      env.NODE_ENV === 'production' &&
      !env.STRIPE_SECRET_KEY?.startsWith('sk_test_')
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_API_URL'],
        message:
          'must not be set in production with a live key (it points the payments at a fake of the Stripe API)',
      });
    }
    if (env.NODE_ENV === 'production' && !env.GEOCODER_SIMULATION && isLoopbackUrl(env.GEOCODER_URL)) {
      ctx.addIssue({
        code: 'custom',
        path: ['GEOCODER_URL'],
        message:
          'must not be a loopback address in production unless GEOCODER_SIMULATION=true (it places offices with a fake of the address base)',
      });
    }
    if (env.SMS_PROVIDER === 'twilio') {
      for (const key of [
        'TWILIO_ACCOUNT_SID',
        'TWILIO_AUTH_TOKEN',
        'TWILIO_VERIFY_SERVICE_SID',
        'TWILIO_SMS_FROM',
      ] as const) {
        if (!env[key])
          ctx.addIssue({ code: 'custom', path: [key], message: 'must be set when SMS_PROVIDER=twilio' });
      }
    }
  })
  .transform((env) => ({
    ...env,
    API_DOCS_ENABLED: env.API_DOCS_ENABLED ?? env.NODE_ENV !== 'production',
    MAIL_FROM: env.MAIL_FROM ?? defaultMailFrom(env.SECTOR),
  }));

/** "RDV Avocat <no-reply@rdv-avocat.fr>", "RDV Notaire <no-reply@rdv-notaire.fr>"... */
export function defaultMailFrom(sectorKey: SectorKey): string {
  const { productName } = getSector(sectorKey);
  const domain = productName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');
  return `${productName} <no-reply@${domain}.fr>`;
}

export type Env = z.infer<typeof envSchema>;

export class InvalidEnvironmentError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`Invalid environment: ${variable} ${detail}`);
    this.name = 'InvalidEnvironmentError';
  }
}

/** Validates `source` and returns the typed configuration, or throws with the first bad variable named. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  return parseOrThrow(envSchema, source);
}

const storageEnvSchema = z.object(storageShape).superRefine(checkStorage);
export type StorageEnv = z.infer<typeof storageEnvSchema>;

/** Only the storage variables (STORAGE, MEDIA_DIR, DOCUMENTS_DIR, S3_*): for scripts that write files (the seed). */
export function loadStorageEnv(source: NodeJS.ProcessEnv = process.env): StorageEnv {
  return parseOrThrow(storageEnvSchema, source);
}

function parseOrThrow<T>(schema: z.ZodType<T>, source: NodeJS.ProcessEnv): T {
  // Empty strings count as "not set" so `FOO=` behaves like a missing variable.
  const cleaned: Record<string, string> = {};
  for (const [key, value] of Object.entries(source)) {
    if (value !== undefined && value !== '') cleaned[key] = value;
  }
  const result = schema.safeParse(cleaned);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const variable = String(issue.path[0] ?? 'environment');
  throw new InvalidEnvironmentError(variable, issue.message);
}
