import { InvalidEnvironmentError, loadEnv } from './env.schema';

const valid = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/rdv',
  REDIS_URL: 'redis://127.0.0.1:6379',
  JWT_SECRET: 'x'.repeat(32),
};

function errorFor(env: Record<string, string | undefined>): string {
  try {
    loadEnv(env);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidEnvironmentError);
    return (error as Error).message;
  }
  throw new Error('expected loadEnv to throw');
}

describe('loadEnv', () => {
  it('accepts a minimal environment and applies the documented defaults', () => {
    const env = loadEnv(valid);
    expect(env).toMatchObject({
      PORT: 3001,
      SECTOR: 'lawyer',
      PUBLIC_URL: 'http://localhost:3000',
      SMTP_URL: 'smtp://127.0.0.1:1025',
      SMS_PROVIDER: 'log',
      LOG_LEVEL: 'info',
      QUEUE_PREFIX: 'rdv',
      OUTBOX_POLL_ONLY: false,
    });
    expect(loadEnv({ ...valid, OUTBOX_POLL_ONLY: 'true' }).OUTBOX_POLL_ONLY).toBe(true);
  });

  it('sends mails from the sector’s product name unless MAIL_FROM says otherwise', () => {
    expect(loadEnv(valid).MAIL_FROM).toBe('RDV Avocat <no-reply@rdv-avocat.fr>');
    expect(loadEnv({ ...valid, SECTOR: 'notary' }).MAIL_FROM).toBe('RDV Notaire <no-reply@rdv-notaire.fr>');
    expect(loadEnv({ ...valid, SECTOR: 'bailiff' }).MAIL_FROM).toBe(
      'RDV Commissaire de justice <no-reply@rdv-commissaire-de-justice.fr>',
    );
    expect(loadEnv({ ...valid, SECTOR: 'groomer', MAIL_FROM: 'Salon <salon@exemple.fr>' }).MAIL_FROM).toBe(
      'Salon <salon@exemple.fr>',
    );
  });

  it('takes the Stripe settings all together, and refuses the fake of the Stripe API in production', () => {
    const stripe = {
      ...valid,
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_PRICE_INTRO: 'price_intro',
      STRIPE_PRICE_STANDARD: 'price_standard',
    };
    expect(loadEnv(stripe).STRIPE_INTRO_MONTHS).toBe(6);
    expect(loadEnv(stripe).STRIPE_API_URL).toBeUndefined();
    expect(errorFor({ ...valid, STRIPE_SECRET_KEY: 'sk_test_x' })).toMatch(
      /^Invalid environment: STRIPE_WEBHOOK_SECRET must be set with the other STRIPE_\* variables/,
    );
    expect(loadEnv({ ...stripe, STRIPE_API_URL: 'http://127.0.0.1:4610' }).STRIPE_API_URL).toBe(
      'http://127.0.0.1:4610',
    );
    expect(errorFor({ ...stripe, STRIPE_API_URL: 'ftp://x' })).toMatch(
      /^Invalid environment: STRIPE_API_URL must be a http/,
    );
    const production = {
      ...stripe,
      NODE_ENV: 'production',
      STRIPE_SECRET_KEY: 'sk_live_x',
      CALENDAR_ENCRYPTION_KEYS: `k1:${Buffer.alloc(32).toString('base64')}`,
    };
    expect(loadEnv(production).STRIPE_SECRET_KEY).toBe('sk_live_x');
    expect(errorFor({ ...production, STRIPE_API_URL: 'http://127.0.0.1:4610' })).toBe(
      'Invalid environment: STRIPE_API_URL must not be set in production with a live key (it points the payments at a fake of the Stripe API)',
    );
    // The demo stack: production mode, the fake, a test-mode key.
    const demo = {
      ...production,
      STRIPE_SECRET_KEY: 'sk_test_demo',
      STRIPE_API_URL: 'http://127.0.0.1:3010',
    };
    expect(loadEnv(demo).STRIPE_API_URL).toBe('http://127.0.0.1:3010');
  });

  it('refuses the simulated Google and Microsoft in production unless the client ids are simulation ones', () => {
    const production = {
      ...valid,
      NODE_ENV: 'production',
      CALENDAR_ENCRYPTION_KEYS: `k1:${Buffer.alloc(32).toString('base64')}`,
      GOOGLE_CALENDAR_CLIENT_ID: '1234-abc.apps.googleusercontent.com',
      GOOGLE_CALENDAR_CLIENT_SECRET: 'secret',
      GOOGLE_CALENDAR_REDIRECT_URI: 'https://rdv.example/api/v1/calendar-oauth/callback',
      MICROSOFT_CALENDAR_CLIENT_ID: '6731de76-14a6-49ae-97bc-6eba6914391e',
      MICROSOFT_CALENDAR_CLIENT_SECRET: 'secret',
      MICROSOFT_CALENDAR_REDIRECT_URI: 'https://rdv.example/api/v1/calendar-oauth/callback',
    };
    // Real apps, real endpoints.
    expect(loadEnv(production).GOOGLE_CALENDAR_API_URL).toBe('https://www.googleapis.com/');
    expect(errorFor({ ...production, GOOGLE_CALENDAR_TOKEN_URL: 'http://127.0.0.1:3047/token' })).toBe(
      "Invalid environment: GOOGLE_CALENDAR_TOKEN_URL must not be changed in production unless the client id is a simulation one (simulation-...): it points lawyers' calendars at a fake",
    );
    expect(errorFor({ ...production, MICROSOFT_GRAPH_URL: 'https://127.0.0.1:3045/v1.0' })).toMatch(
      /^Invalid environment: MICROSOFT_GRAPH_URL must not be changed in production unless the client id is a simulation one/,
    );
    expect(errorFor({ ...production, MICROSOFT_CALENDAR_CONSENT_URL: 'http://localhost:3055' })).toMatch(
      /^Invalid environment: MICROSOFT_CALENDAR_CONSENT_URL must not be set in production unless the client id is a simulation one/,
    );
    // The demo stack: production mode, the fakes, simulation client ids.
    const demo = {
      ...production,
      GOOGLE_CALENDAR_CLIENT_ID: 'simulation-google',
      GOOGLE_CALENDAR_AUTH_URL: 'http://localhost:3047/auth',
      GOOGLE_CALENDAR_TOKEN_URL: 'http://127.0.0.1:3047/token',
      GOOGLE_CALENDAR_API_URL: 'http://127.0.0.1:3047/',
      MICROSOFT_CALENDAR_CLIENT_ID: 'simulation-microsoft',
      MICROSOFT_CALENDAR_AUTHORITY_URL: 'https://127.0.0.1:3045',
      MICROSOFT_GRAPH_URL: 'https://127.0.0.1:3045/v1.0',
      MICROSOFT_CALENDAR_CONSENT_URL: 'http://localhost:3055',
    };
    expect(loadEnv(demo).GOOGLE_CALENDAR_AUTH_URL).toBe('http://localhost:3047/auth');
    // Outside production (tests), any endpoint.
    expect(
      loadEnv({ ...valid, GOOGLE_CALENDAR_API_URL: 'http://127.0.0.1:1/' }).GOOGLE_CALENDAR_API_URL,
    ).toBe('http://127.0.0.1:1/');
  });

  it('geocodes through the BAN by default, and refuses a loopback geocoder in production unless declared a simulation', () => {
    expect(loadEnv(valid).GEOCODER_URL).toBe('https://api-adresse.data.gouv.fr');
    expect(loadEnv(valid).GEOCODER_TIMEOUT_MS).toBe(3000);
    expect(errorFor({ ...valid, GEOCODER_URL: 'ftp://x' })).toMatch(
      /^Invalid environment: GEOCODER_URL must be a http/,
    );
    expect(errorFor({ ...valid, GEOCODER_TIMEOUT_MS: '10' })).toBe(
      'Invalid environment: GEOCODER_TIMEOUT_MS must be at least 100 ms',
    );
    // Outside production (the backend tests), the loopback fake.
    expect(loadEnv({ ...valid, GEOCODER_URL: 'http://127.0.0.1:4620' }).GEOCODER_URL).toBe(
      'http://127.0.0.1:4620',
    );
    const production = {
      ...valid,
      NODE_ENV: 'production',
      CALENDAR_ENCRYPTION_KEYS: `k1:${Buffer.alloc(32).toString('base64')}`,
    };
    expect(loadEnv(production).GEOCODER_URL).toBe('https://api-adresse.data.gouv.fr');
    for (const loopback of [
      'http://127.0.0.1:3048',
      'http://localhost:3048/',
      'http://[::1]:3048',
      'http://127.8.0.1',
    ]) {
      expect(errorFor({ ...production, GEOCODER_URL: loopback })).toBe(
        'Invalid environment: GEOCODER_URL must not be a loopback address in production unless GEOCODER_SIMULATION=true (it places offices with a fake of the address base)',
      );
    }
    // A self-hosted address base on the private network is a production set-up.
    expect(loadEnv({ ...production, GEOCODER_URL: 'http://10.0.3.7:7878' }).GEOCODER_URL).toBe(
      'http://10.0.3.7:7878',
    );
    // The demo and the e2e stack: production mode, the fake declared a simulation.
    expect(
      loadEnv({ ...production, GEOCODER_URL: 'http://127.0.0.1:3048', GEOCODER_SIMULATION: 'true' })
        .GEOCODER_SIMULATION,
    ).toBe(true);
  });

  it('serves the API docs by default outside production, never by default in production', () => {
    expect(loadEnv(valid).API_DOCS_ENABLED).toBe(true);
    // Production also requires the calendar credentials' sealing key.
    const production = {
      ...valid,
      NODE_ENV: 'production',
      CALENDAR_ENCRYPTION_KEYS: `k1:${'A'.repeat(43)}=`,
    };
    expect(loadEnv(production).API_DOCS_ENABLED).toBe(false);
    expect(loadEnv({ ...production, API_DOCS_ENABLED: 'true' }).API_DOCS_ENABLED).toBe(true);
    expect(loadEnv({ ...valid, API_DOCS_ENABLED: 'false' }).API_DOCS_ENABLED).toBe(false);
    expect(errorFor({ ...valid, API_DOCS_ENABLED: 'yes' })).toBe(
      'Invalid environment: API_DOCS_ENABLED must be true or false',
    );
  });

  it('names DATABASE_URL in one line when it is missing', () => {
    const message = errorFor({ ...valid, DATABASE_URL: undefined });
    expect(message).toMatch(/^Invalid environment: DATABASE_URL /);
    expect(message).not.toContain('\n');
  });

  it('rejects a DATABASE_URL that is not a postgres:// URL', () => {
    expect(errorFor({ ...valid, DATABASE_URL: 'mysql://localhost/rdv' })).toBe(
      'Invalid environment: DATABASE_URL must be a postgres:// URL',
    );
    expect(errorFor({ ...valid, DATABASE_URL: 'not a url' })).toBe(
      'Invalid environment: DATABASE_URL must be a postgres:// URL',
    );
  });

  it('treats an empty variable as missing', () => {
    expect(errorFor({ ...valid, JWT_SECRET: '' })).toMatch(/^Invalid environment: JWT_SECRET /);
  });

  it('requires a JWT_SECRET of at least 32 characters', () => {
    expect(errorFor({ ...valid, JWT_SECRET: 'short' })).toBe(
      'Invalid environment: JWT_SECRET must be at least 32 characters long',
    );
  });

  it.each([
    ['REDIS_URL', 'http://127.0.0.1:6379', 'must be a redis:// URL'],
    ['PORT', 'eighty', 'must be a port number'],
    ['PORT', '70000', 'must be a port number'],
    ['SECTOR', 'plumber', 'must be one of lawyer, bailiff, notary, groomer'],
    ['SMS_PROVIDER', 'pigeon', 'must be log or twilio'],
    ['QUEUE_PREFIX', 'bad prefix', 'must contain only letters, digits, _ : -'],
  ])('names %s when it is invalid (%s)', (variable, value, detail) => {
    expect(errorFor({ ...valid, [variable]: value })).toBe(`Invalid environment: ${variable} ${detail}`);
  });

  it('requires the Twilio credentials when SMS_PROVIDER=twilio', () => {
    expect(errorFor({ ...valid, SMS_PROVIDER: 'twilio' })).toBe(
      'Invalid environment: TWILIO_ACCOUNT_SID must be set when SMS_PROVIDER=twilio',
    );
  });

  const twilio = {
    ...valid,
    SMS_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: 'AC1',
    TWILIO_AUTH_TOKEN: 'token',
    TWILIO_VERIFY_SERVICE_SID: 'VA1',
  };

  it('requires the reminder SMS sender TWILIO_SMS_FROM when SMS_PROVIDER=twilio, and only then', () => {
    expect(errorFor(twilio)).toBe(
      'Invalid environment: TWILIO_SMS_FROM must be set when SMS_PROVIDER=twilio',
    );
    expect(loadEnv({ ...twilio, TWILIO_SMS_FROM: '+33700000001' }).TWILIO_SMS_FROM).toBe('+33700000001');
    expect(loadEnv({ ...twilio, TWILIO_SMS_FROM: 'RDV Avocat' }).TWILIO_SMS_FROM).toBe('RDV Avocat');
    expect(loadEnv(valid).TWILIO_SMS_FROM).toBeUndefined();
  });

  it.each(['0612345678', '+0612345678', 'RDV-Avocat!', 'Cabinet Martin Avocats', '12345'])(
    'rejects TWILIO_SMS_FROM=%s',
    (from) => {
      expect(errorFor({ ...twilio, TWILIO_SMS_FROM: from })).toMatch(
        /^Invalid environment: TWILIO_SMS_FROM must be an E\.164 number/,
      );
    },
  );

  it('accepts an OAuth calendar provider with its three settings, and names the missing one otherwise', () => {
    const google = {
      GOOGLE_CALENDAR_CLIENT_ID: 'id.apps.googleusercontent.com',
      GOOGLE_CALENDAR_CLIENT_SECRET: 'secret',
      GOOGLE_CALENDAR_REDIRECT_URI: 'https://api.example.fr/api/v1/calendar-oauth/callback',
    };
    expect(loadEnv({ ...valid, ...google }).GOOGLE_CALENDAR_CLIENT_ID).toBe('id.apps.googleusercontent.com');
    expect(errorFor({ ...valid, ...google, GOOGLE_CALENDAR_CLIENT_SECRET: undefined })).toBe(
      'Invalid environment: GOOGLE_CALENDAR_CLIENT_SECRET must be set with the other GOOGLE_CALENDAR_* variables (client id, secret, redirect URI)',
    );
    expect(errorFor({ ...valid, MICROSOFT_CALENDAR_CLIENT_ID: 'app-id' })).toMatch(
      /^Invalid environment: MICROSOFT_CALENDAR_CLIENT_SECRET must be set with the other/,
    );
    expect(errorFor({ ...valid, ...google, GOOGLE_CALENDAR_REDIRECT_URI: 'not a url' })).toBe(
      'Invalid environment: GOOGLE_CALENDAR_REDIRECT_URI must be a http(s):// URL',
    );
  });

  describe('scaling out', () => {
    it('takes an optional DATABASE_READ_URL, a postgres:// URL like DATABASE_URL', () => {
      expect(loadEnv(valid).DATABASE_READ_URL).toBeUndefined();
      expect(
        loadEnv({ ...valid, DATABASE_READ_URL: 'postgres://reader@10.0.0.9:5432/rdv' }).DATABASE_READ_URL,
      ).toBe('postgres://reader@10.0.0.9:5432/rdv');
      expect(errorFor({ ...valid, DATABASE_READ_URL: 'mysql://10.0.0.9/rdv' })).toBe(
        'Invalid environment: DATABASE_READ_URL must be a postgres:// URL',
      );
    });

    it('reads REDIS_SENTINELS as host:port pairs, with REDIS_SENTINEL_NAME, and names the one missing', () => {
      const env = loadEnv({
        ...valid,
        REDIS_SENTINELS: '10.0.0.5:26379, sentinel-2.internal:26380,[fd00::7]:26379',
        REDIS_SENTINEL_NAME: 'rdv-primary',
      });
      expect(env.REDIS_SENTINELS).toEqual([
        { host: '10.0.0.5', port: 26379 },
        { host: 'sentinel-2.internal', port: 26380 },
        { host: 'fd00::7', port: 26379 },
      ]);
      expect(errorFor({ ...valid, REDIS_SENTINELS: '10.0.0.5:26379' })).toBe(
        'Invalid environment: REDIS_SENTINEL_NAME must be set with REDIS_SENTINELS / REDIS_SENTINEL_NAME (sentinel addresses and master name go together)',
      );
      expect(errorFor({ ...valid, REDIS_SENTINEL_NAME: 'rdv-primary' })).toContain(
        'Invalid environment: REDIS_SENTINELS must be set with',
      );
      for (const bad of ['10.0.0.5', '10.0.0.5:99999', 'redis://10.0.0.5:26379', ' , '])
        expect(errorFor({ ...valid, REDIS_SENTINELS: bad, REDIS_SENTINEL_NAME: 'rdv' })).toBe(
          'Invalid environment: REDIS_SENTINELS must be a comma-separated list of host:port (e.g. 10.0.0.5:26379,10.0.0.6:26379)',
        );
    });

    it('drains 0 s by default on SIGTERM, up to 120 s when asked', () => {
      expect(loadEnv(valid).SHUTDOWN_DRAIN_SECONDS).toBe(0);
      expect(loadEnv({ ...valid, SHUTDOWN_DRAIN_SECONDS: '10' }).SHUTDOWN_DRAIN_SECONDS).toBe(10);
      expect(errorFor({ ...valid, SHUTDOWN_DRAIN_SECONDS: '600' })).toBe(
        'Invalid environment: SHUTDOWN_DRAIN_SECONDS must be at most 120 seconds',
      );
      expect(errorFor({ ...valid, SHUTDOWN_DRAIN_SECONDS: 'soon' })).toBe(
        'Invalid environment: SHUTDOWN_DRAIN_SECONDS must be a number of seconds',
      );
    });

    it('scans for reminders every 5 minutes unless REMINDER_SCAN_CRON says otherwise (six fields)', () => {
      expect(loadEnv(valid).REMINDER_SCAN_CRON).toBe('0 */5 * * * *');
      expect(loadEnv({ ...valid, REMINDER_SCAN_CRON: '*/30 * * * * *' }).REMINDER_SCAN_CRON).toBe(
        '*/30 * * * * *',
      );
      for (const bad of ['*/5 * * * *', 'every minute', '99 * * * * *'])
        expect(errorFor({ ...valid, REMINDER_SCAN_CRON: bad })).toBe(
          'Invalid environment: REMINDER_SCAN_CRON must be a six-field cron expression (seconds first), e.g. 0 */5 * * * *',
        );
    });
  });
});
