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
    });
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
});
