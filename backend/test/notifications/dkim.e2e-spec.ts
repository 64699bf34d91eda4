import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadEnv } from '../../src/config/env.schema';
import { SmtpMailer } from '../../src/modules/notifications/smtp-mailer';
import { SmtpReceiver } from '../support/smtp-receiver';

/** The `DKIM-Signature` header's tags (`d=`, `s=`, `b=`...), folding whitespace removed. */
function dkimTags(header: string): Record<string, string> {
  return Object.fromEntries(
    header
      .replace(/\s+/g, '')
      .split(';')
      .filter(Boolean)
      .map((tag) => {
        const at = tag.indexOf('=');
        return [tag.slice(0, at), tag.slice(at + 1)];
      }),
  );
}

describe('DKIM signing of outgoing mail (DKIM_* settings)', () => {
  let receiver: SmtpReceiver;
  const dir = mkdtempSync(join(tmpdir(), 'dkim-'));
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyFile = join(dir, 'dkim.pem');
  writeFileSync(keyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }));

  beforeAll(async () => {
    receiver = await SmtpReceiver.start();
  });
  afterAll(async () => receiver.stop());

  const mailer = (extra: Record<string, string>) =>
    new SmtpMailer(loadEnv({ ...process.env, SMTP_URL: receiver.url, ...extra }));

  it('signs every mail for the configured domain and selector, an RSA-SHA256 signature over the headers that matter', async () => {
    const signing = mailer({
      DKIM_DOMAIN: 'rdv-avocat.fr',
      DKIM_SELECTOR: 'rdv2026',
      DKIM_PRIVATE_KEY_FILE: keyFile,
    });
    await signing.send({
      to: 'dkim.signed@example.test',
      subject: 'Signé',
      text: 'Bonjour',
      html: '<p>Bonjour</p>',
    });
    const mail = await receiver.waitFor('dkim.signed@example.test');
    signing.onApplicationShutdown();
    const header = mail.headerLines.find((line) => line.key === 'dkim-signature');
    expect(header).toBeDefined();
    const tags = dkimTags(header!.line.slice(header!.line.indexOf(':') + 1));
    expect(tags).toMatchObject({ a: 'rsa-sha256', d: 'rdv-avocat.fr', s: 'rdv2026' });
    expect(tags.h.toLowerCase().split(':')).toEqual(expect.arrayContaining(['from', 'to', 'subject']));
    // An RSA-2048 signature (the configured key's size) and the body's hash are both there.
    expect(Buffer.from(tags.b, 'base64').length).toBe(256);
    expect(Buffer.from(tags.bh, 'base64').length).toBe(32);
  });

  it('sends unsigned mail when DKIM is not configured (a relay may sign instead)', async () => {
    const plain = mailer({});
    await plain.send({
      to: 'dkim.plain@example.test',
      subject: 'Non signé',
      text: 'Bonjour',
      html: '<p>Bonjour</p>',
    });
    const mail = await receiver.waitFor('dkim.plain@example.test');
    plain.onApplicationShutdown();
    expect(mail.headerLines.some((line) => line.key === 'dkim-signature')).toBe(false);
  });

  it('refuses to start with part of the settings or an unreadable key, saying which', () => {
    expect(() => loadEnv({ ...process.env, DKIM_DOMAIN: 'rdv-avocat.fr' })).toThrow(/DKIM_SELECTOR/);
    expect(() =>
      mailer({
        DKIM_DOMAIN: 'rdv-avocat.fr',
        DKIM_SELECTOR: 'rdv2026',
        DKIM_PRIVATE_KEY_FILE: join(dir, 'absent.pem'),
      }),
    ).toThrow(/DKIM_PRIVATE_KEY_FILE: cannot read/);
  });
});
