import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ParsedMail } from 'mailparser';
import type { Pool } from 'pg';
import request from 'supertest';
import { CalendarProviders } from '../../src/modules/calendar-sync/calendar-providers';
import {
  bearer,
  bookingBody,
  createAttendee,
  createProfessional,
  freeSlots,
  poolOf,
  SmtpReceiver,
  type TestAttendee,
  type TestProfessional,
} from '../support/fixtures';
import { startGoogleFake, type GoogleFake } from '../support/google-fake';
import { startMicrosoftFake, type MicrosoftFake } from '../support/microsoft-fake';
import { startStack, type TestStack } from '../support/stack';

const CALLBACK_PATH = '/api/v1/calendar-oauth/callback';
const GOOGLE_ACCOUNT = 'camille.martin@gmail.com';
const OUTLOOK_CALENDAR = 'AAMkAD-cabinet';
const JITSI = 'https://jitsi.cabinet-test.fr';
const certDir = mkdtempSync(path.join(tmpdir(), 'ms-fake-visio-'));

/** The .ics attached to a mail, unfolded (RFC 5545 lines are folded at 75 octets). */
function icsOf(mail: ParsedMail): string {
  const attachment = mail.attachments.find(
    (a) => a.contentType.startsWith('text/calendar') || a.filename?.endsWith('.ics'),
  );
  return (attachment?.content.toString('utf8') ?? '').replace(/\r?\n[ \t]/g, '');
}

describe('Video links: Google Meet, Teams, the site’s Jitsi or the professional’s own room', () => {
  let app: NestFastifyApplication;
  let pool: Pool;
  let smtp: SmtpReceiver;
  let stack: TestStack;
  let google: GoogleFake;
  let microsoft: MicrosoftFake;
  let attendee: TestAttendee;
  const http = () => request(app.getHttpServer());

  async function writeTo(
    pro: TestProfessional,
    provider: 'google' | 'office365',
    consent: (url: string) => string,
  ) {
    const started = await http()
      .post(`/api/v1/users/${pro.id}/calendar-connections/oauth/${provider}`)
      .set(bearer(pro.token))
      .expect(201);
    const back = new URL(consent(started.body.authorizationUrl));
    const landed = new URL((await http().get(`${CALLBACK_PATH}${back.search}`).expect(302)).headers.location);
    expect(landed.searchParams.get('calendrier')).toBe('connecte');
    const [connection] = (
      await http().get(`/api/v1/users/${pro.id}/calendar-connections`).set(bearer(pro.token)).expect(200)
    ).body;
    await http()
      .patch(
        `/api/v1/users/${pro.id}/calendar-connections/${connection.id}/calendars/${connection.calendars[0].id}`,
      )
      .set(bearer(pro.token))
      .send({ isWriteTarget: true })
      .expect(200);
  }

  /**
   * A client books a video appointment, the professional validates it: the confirmation mail, its .ics, the
   * appointment page's API and the professional's agenda all carry one link, returned here.
   */
  async function validatedVisio(pro: TestProfessional, slot: string): Promise<string> {
    const booked = await http()
      .post(`/api/v1/attendees/${attendee.id}/create-event`)
      .set(bearer(attendee.token))
      .send(bookingBody(pro, slot, { mode: 'visio' }))
      .expect(201);
    const ref: string = booked.body.refAppointment;
    await http().post(`/api/v1/events/${booked.body._id}/validate`).set(bearer(pro.token)).expect(200);
    const confirmed = (m: ParsedMail) =>
      m.subject?.endsWith('est confirmé') && m.text?.includes(`/appointments/${ref}`);
    await smtp.waitFor(() => smtp.to(attendee.email).some(confirmed));
    const mails = smtp.to(attendee.email).filter(confirmed);
    expect(mails).toHaveLength(1);
    const page = await http().get(`/api/v1/appointments/${ref}`).expect(200);
    const link: string = page.body.visioUrl;
    expect(link).toMatch(/^https:\/\//);
    expect(mails[0]!.text).toContain(`Lien visio : ${link}`);
    expect(mails[0]!.html).toContain(`href="${link}"`);
    const ics = icsOf(mails[0]!);
    expect(ics).toContain(`LOCATION:${link}`);
    expect(ics).toContain(`Visio : ${link}`);
    // The downloadable .ics of the page says the same.
    expect(
      (await http().get(`/api/v1/appointments/${ref}/ics`).expect(200)).text.replace(/\r?\n[ \t]/g, ''),
    ).toContain(`LOCATION:${link}`);
    const agenda = await http()
      .get(`/api/v1/users/${pro.id}/events?group=upcoming`)
      .set(bearer(pro.token))
      .expect(200);
    expect(agenda.body.data.find((e: { refAppointment: string }) => e.refAppointment === ref).visioUrl).toBe(
      link,
    );
    return link;
  }

  beforeAll(async () => {
    google = await startGoogleFake({
      account: GOOGLE_ACCOUNT,
      calendars: [{ id: GOOGLE_ACCOUNT, summary: 'Camille Martin', backgroundColor: '#1e88e5' }],
    });
    microsoft = await startMicrosoftFake({
      account: 'claire.bernard@cabinet-bernard.fr',
      calendars: [{ id: OUTLOOK_CALENDAR, name: 'Cabinet' }],
      clientId: 'visio-client',
      clientSecret: 'visio-secret',
      certDir,
    });
    tls.setDefaultCACertificates([...tls.getCACertificates('default'), microsoft.certPem]);
    stack = await startStack({
      CALENDAR_ENCRYPTION_KEYS: `visio:${randomBytes(32).toString('base64')}`,
      GOOGLE_CALENDAR_CLIENT_ID: 'rdv-test.apps.googleusercontent.com',
      GOOGLE_CALENDAR_CLIENT_SECRET: 'test-secret',
      GOOGLE_CALENDAR_REDIRECT_URI: `http://127.0.0.1${CALLBACK_PATH}`,
      GOOGLE_CALENDAR_AUTH_URL: google.endpoints.authBaseUrl,
      GOOGLE_CALENDAR_TOKEN_URL: google.endpoints.tokenUrl,
      GOOGLE_CALENDAR_API_URL: google.endpoints.apiRootUrl,
      MICROSOFT_CALENDAR_CLIENT_ID: 'visio-client',
      MICROSOFT_CALENDAR_CLIENT_SECRET: 'visio-secret',
      MICROSOFT_CALENDAR_REDIRECT_URI: `http://127.0.0.1${CALLBACK_PATH}`,
      MICROSOFT_CALENDAR_AUTHORITY_URL: microsoft.endpoints.authorityUrl,
      MICROSOFT_GRAPH_URL: microsoft.endpoints.graphUrl,
      JITSI_BASE_URL: JITSI,
    });
    ({ app, smtp } = stack);
    // Google's watch notifications need a listening API (supertest alone does not listen).
    await app.listen(0, '127.0.0.1');
    const receiver = `${await app.getUrl()}/api/v1/calendar-sync/google/notifications`;
    app.get(CalendarProviders).googleWebhookOverride = receiver;
    stack.worker.get(CalendarProviders).googleWebhookOverride = receiver;
    pool = poolOf(app);
    attendee = await createAttendee(pool);
  });
  afterAll(async () => {
    await stack?.close();
    await google?.stop();
    await microsoft?.stop();
    rmSync(certDir, { recursive: true, force: true });
  });

  it('Google calendar written to: the validated appointment gets the Meet made with its event', async () => {
    const pro = await createProfessional(pool);
    await writeTo(pro, 'google', (url) => google.consent(url));
    const settings = await http()
      .get(`/api/v1/users/${pro.id}/visio-settings`)
      .set(bearer(pro.token))
      .expect(200);
    expect(settings.body).toMatchObject({
      provider: null,
      effectiveProvider: 'google_meet',
      acceptsVisio: true,
    });
    const [slot] = await freeSlots(app, pro, 1);
    const link = await validatedVisio(pro, slot!);
    const [event] = google.events(GOOGLE_ACCOUNT);
    expect(event!.hangoutLink).toBe(link);
    expect(link).toMatch(/^https:\/\/meet\.google\.com\/[a-z]{3}-[a-z]{4}-[a-z]{3}$/);
    expect(event!.conferenceData?.createRequest?.conferenceSolutionKey?.type).toBe('hangoutsMeet');
  });

  it('Office 365 calendar written to: the validated appointment gets the Teams meeting of its Outlook event', async () => {
    const pro = await createProfessional(pool);
    await writeTo(pro, 'office365', (url) => microsoft.consent(url));
    const settings = await http()
      .get(`/api/v1/users/${pro.id}/visio-settings`)
      .set(bearer(pro.token))
      .expect(200);
    expect(settings.body.effectiveProvider).toBe('teams');
    const [slot] = await freeSlots(app, pro, 1);
    const link = await validatedVisio(pro, slot!);
    expect(link).toMatch(/^https:\/\/teams\.microsoft\.com\/l\/meetup-join\//);
    const [event] = microsoft.events(OUTLOOK_CALENDAR);
    expect(event).toMatchObject({ isOnlineMeeting: true, onlineMeetingProvider: 'teamsForBusiness' });
    expect(event!.onlineMeeting?.joinUrl).toBe(link);
  });

  it('no calendar: a room of the site’s Jitsi with an unguessable name; the own link once chosen', async () => {
    const pro = await createProfessional(pool);
    const [first, second] = await freeSlots(app, pro, 2);
    const jitsi = await validatedVisio(pro, first!);
    expect(jitsi).toMatch(new RegExp(`^${JITSI}/RdvAvocat-[A-Za-z0-9]{20}$`));

    const chosen = await http()
      .put(`/api/v1/users/${pro.id}/visio-settings`)
      .set(bearer(pro.token))
      .send({ provider: 'own_link', ownLinkUrl: 'https://visio.cabinet-martin.fr/salle-attente' })
      .expect(200);
    expect(chosen.body).toMatchObject({ provider: 'own_link', effectiveProvider: 'own_link' });
    expect(await validatedVisio(pro, second!)).toBe('https://visio.cabinet-martin.fr/salle-attente');
  });

  it('refuses in French an own link that is not https, and Meet without a Google calendar; nothing changes', async () => {
    const pro = await createProfessional(pool);
    const plain = await http()
      .put(`/api/v1/users/${pro.id}/visio-settings`)
      .set(bearer(pro.token))
      .send({ provider: 'own_link', ownLinkUrl: 'http://visio.cabinet-martin.fr/salle' })
      .expect(400);
    expect(plain.body.message).toContain('Le lien de visioconférence doit être une adresse https:// valide');
    const meet = await http()
      .put(`/api/v1/users/${pro.id}/visio-settings`)
      .set(bearer(pro.token))
      .send({ provider: 'google_meet' })
      .expect(422);
    expect(meet.body.message).toContain('Google Meet demande un agenda Google connecté');
    const after = await http()
      .get(`/api/v1/users/${pro.id}/visio-settings`)
      .set(bearer(pro.token))
      .expect(200);
    expect(after.body).toMatchObject({ provider: null, ownLinkUrl: null, effectiveProvider: 'jitsi' });
    const other = await createProfessional(pool);
    await http().get(`/api/v1/users/${other.id}/visio-settings`).set(bearer(pro.token)).expect(403);
  });

  // Last of this describe: the Google account's grant stays revoked.
  it('Meet chosen but the Google account revoked: the confirmation still carries a working Jitsi link and the professional is told', async () => {
    const pro = await createProfessional(pool);
    await writeTo(pro, 'google', (url) => google.consent(url));
    await http()
      .put(`/api/v1/users/${pro.id}/visio-settings`)
      .set(bearer(pro.token))
      .send({ provider: 'google_meet' })
      .expect(200);
    const [slot] = await freeSlots(app, pro, 1);
    const booked = await http()
      .post(`/api/v1/attendees/${attendee.id}/create-event`)
      .set(bearer(attendee.token))
      .send(bookingBody(pro, slot!, { mode: 'visio' }))
      .expect(201);
    // Meet makes the link with the calendar event, at validation: none yet.
    expect(booked.body.visioUrl ?? null).toBeNull();
    const eventsBefore = google.events(GOOGLE_ACCOUNT).length;
    google.revoke();
    const ref: string = booked.body.refAppointment;
    await http().post(`/api/v1/events/${booked.body._id}/validate`).set(bearer(pro.token)).expect(200);

    const confirmed = (m: ParsedMail) =>
      m.subject?.endsWith('est confirmé') && m.text?.includes(`/appointments/${ref}`);
    await smtp.waitFor(() => smtp.to(attendee.email).some(confirmed));
    const page = await http().get(`/api/v1/appointments/${ref}`).expect(200);
    const link: string = page.body.visioUrl;
    expect(link).toMatch(new RegExp(`^${JITSI}/RdvAvocat-[A-Za-z0-9]{20}$`));
    const mail = smtp.to(attendee.email).find(confirmed)!;
    expect(mail.text).toContain(`Lien visio : ${link}`);
    expect(icsOf(mail)).toContain(`LOCATION:${link}`);
    // No Meet was made: the account refused us.
    expect(google.events(GOOGLE_ACCOUNT)).toHaveLength(eventsBefore);

    // The professional is asked to reconnect, and told their video meetings took the fallback link.
    await smtp.waitFor(() => smtp.to(pro.email).some((m) => m.subject === 'Reconnectez votre calendrier'));
    const told = smtp.to(pro.email).find((m) => m.subject === 'Reconnectez votre calendrier')!;
    expect(told.text).toContain("n'accepte plus nos identifiants");
    expect(told.text).toContain('le lien de secours (la salle Jitsi du site ou votre propre lien)');
    const settings = await http()
      .get(`/api/v1/users/${pro.id}/visio-settings`)
      .set(bearer(pro.token))
      .expect(200);
    expect(settings.body).toMatchObject({ provider: 'google_meet', effectiveProvider: 'jitsi' });
  });
});

describe('Video links: a site without Jitsi', () => {
  let app: NestFastifyApplication;
  let pool: Pool;
  let stack: TestStack;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    stack = await startStack({ JITSI_BASE_URL: undefined });
    ({ app } = stack);
    pool = poolOf(app);
  });
  afterAll(async () => stack?.close());

  it('a professional with no way to give a link gets no video booking (422 in French) until they set their own', async () => {
    const pro = await createProfessional(pool);
    const attendee = await createAttendee(pool);
    const settings = await http()
      .get(`/api/v1/users/${pro.id}/visio-settings`)
      .set(bearer(pro.token))
      .expect(200);
    expect(settings.body).toMatchObject({ effectiveProvider: null, acceptsVisio: false, jitsiBaseUrl: null });
    expect(settings.body.available).toMatchObject({
      google_meet: false,
      teams: false,
      jitsi: false,
      own_link: true,
    });
    // The booking dialog offers no video mode, and no video slot is listed.
    const modesOffered = async () =>
      (await http().get(`/api/v1/users/${pro.id}/booking-motives`).expect(200)).body.flatMap(
        (motive: { modes: string[] }) => motive.modes,
      );
    expect(await modesOffered()).not.toContain('visio');
    expect(await modesOffered()).toContain('in_person');
    // Nor does the directory: the card shows no video, and the video filter leaves the professional out.
    const cityUri = `visioville-${pro.id.slice(0, 6)}`;
    await pool.query(
      `INSERT INTO departments (code, name) VALUES ('35', 'Ille-et-Vilaine') ON CONFLICT DO NOTHING`,
    );
    const city = await pool.query(
      `INSERT INTO cities (insee_code, name, city_uri, department_code, postal_codes, population)
       VALUES ($1, 'Visioville', $2, '35', '{35000}', 1000) RETURNING id`,
      [`V${Math.floor(Math.random() * 9_000_000)}`, cityUri],
    );
    await pool.query('UPDATE users SET city_id = $1 WHERE id = $2', [city.rows[0].id, pro.id]);
    const directory = async (query: Record<string, string> = {}) =>
      (
        await http()
          .get('/api/v1/search')
          .query({ cityUri, withSlots: 'false', ...query })
          .expect(200)
      ).body.items as { _id: string; modes: { visio: boolean; in_person: boolean } }[];
    expect((await directory())[0]).toMatchObject({ _id: pro.id, modes: { visio: false, in_person: true } });
    expect((await directory({ mode: 'visio' })).map((card) => card._id)).not.toContain(pro.id);
    const [slot] = await freeSlots(app, pro, 1);
    const visioSlots = await http()
      .get(`/api/v1/users/${pro.id}/slots`)
      .query({ motiveId: pro.motiveId, mode: 'visio', from: slot!.slice(0, 10), to: slot!.slice(0, 10) })
      .expect(200);
    expect(visioSlots.body.slots).toEqual([]);
    const refused = await http()
      .post(`/api/v1/attendees/${attendee.id}/create-event`)
      .set(bearer(attendee.token))
      .send(bookingBody(pro, slot!, { mode: 'visio' }))
      .expect(422);
    expect(refused.body.message).toBe(
      'Ce professionnel n’a pas encore configuré de lien de visioconférence : choisissez un autre mode de rendez-vous',
    );
    const { rows } = await pool.query('SELECT count(*)::int AS n FROM appointments WHERE user_id = $1', [
      pro.id,
    ]);
    expect(rows[0].n).toBe(0);
    const jitsi = await http()
      .put(`/api/v1/users/${pro.id}/visio-settings`)
      .set(bearer(pro.token))
      .send({ provider: 'jitsi' })
      .expect(422);
    expect(jitsi.body.message).toBe(
      'Ce site ne propose pas de serveur Jitsi : choisissez un autre fournisseur',
    );

    await http()
      .put(`/api/v1/users/${pro.id}/visio-settings`)
      .set(bearer(pro.token))
      .send({ ownLinkUrl: 'https://visio.cabinet-martin.fr/salle' })
      .expect(200);
    expect(await modesOffered()).toContain('visio');
    expect((await directory({ mode: 'visio' }))[0]).toMatchObject({ _id: pro.id, modes: { visio: true } });
    const booked = await http()
      .post(`/api/v1/attendees/${attendee.id}/create-event`)
      .set(bearer(attendee.token))
      .send(bookingBody(pro, slot!, { mode: 'visio' }))
      .expect(201);
    expect(booked.body.visioUrl).toBe('https://visio.cabinet-martin.fr/salle');
  });
});
