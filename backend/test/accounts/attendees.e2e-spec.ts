import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { createTestApp } from '../app';
import { PASSWORD, SeededAccount, TestDb, uniqueTag } from '../auth/support/fixtures';

describe('Attendees', () => {
  let app: NestFastifyApplication;
  let db: TestDb;
  let tag: string;
  const http = () => request(app.getHttpServer());
  const countAttendees = async () =>
    Number((await db.pool.query('SELECT count(*) FROM attendees')).rows[0].count);
  const signUp = (overrides: Record<string, unknown> = {}) => ({
    civility: 'Mme',
    first_name: 'Alex',
    last_name: 'Martin',
    email: `alex.${uniqueTag('s')}@example.test`,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    birthdate: '1990-05-17',
    phone: '06 12 34 56 78',
    phone_country_code: 'FR',
    cgu_accepted: true,
    privacy_accepted: true,
    ...overrides,
  });

  beforeAll(async () => {
    app = await createTestApp();
    db = new TestDb();
    tag = uniqueTag('att');
  });

  afterAll(async () => {
    await db.close();
    await app.close();
  });

  describe('POST /api/v1/attendees (public sign-up)', () => {
    it('creates the account, stores both acceptances with their date, and signs the attendee in', async () => {
      const body = signUp({ email: `Alex.${tag}@Example.test` });
      const started = Date.now();
      const response = await http().post('/api/v1/attendees').send(body).expect(201);
      expect(response.body.attendee).toMatchObject({
        civility: 'Mme',
        first_name: 'Alex',
        last_name: 'Martin',
        email: `alex.${tag}@example.test`,
        birthdate: '1990-05-17',
        phone: '+33612345678',
        phone_country_code: 'FR',
        phoneVerifiedAt: null,
      });
      expect(JSON.stringify(response.body)).not.toMatch(/password|hash/i);
      const row = await db.attendeeRow(response.body.attendee._id);
      expect(row.cguAcceptedAt?.getTime()).toBeGreaterThanOrEqual(started - 1000);
      expect(row.privacyAcceptedAt?.getTime()).toBeGreaterThanOrEqual(started - 1000);
      expect(row.passwordHash).toMatch(/^\$argon2id\$/);
      const check = await http()
        .get('/api/v1/auth/attendee/check-logged')
        .set('authorization', `Bearer ${response.body.token}`)
        .expect(200);
      expect(check.body._id).toBe(response.body.attendee._id);
    });

    it('accepts a Belgian or Swiss number read in its country', async () => {
      const be = await http()
        .post('/api/v1/attendees')
        .send(signUp({ phone: '0470 12 34 56', phone_country_code: 'BE' }))
        .expect(201);
      expect(be.body.attendee).toMatchObject({ phone: '+32470123456', phone_country_code: 'BE' });
      const ch = await http()
        .post('/api/v1/attendees')
        .send(signUp({ phone: '+41 79 123 45 67', phone_country_code: 'CH' }))
        .expect(201);
      expect(ch.body.attendee).toMatchObject({ phone: '+41791234567', phone_country_code: 'CH' });
    });

    it.each([
      [{ cgu_accepted: false }, "Vous devez accepter les conditions générales d'utilisation"],
      [{ cgu_accepted: undefined }, "Vous devez accepter les conditions générales d'utilisation"],
      [{ privacy_accepted: false }, 'Vous devez accepter la politique de protection des données'],
      [{ privacy_accepted: 'true' }, 'Vous devez accepter la politique de protection des données'],
      [{ password_confirmation: 'not the same at all' }, 'Password are not the same'],
      [{ email: 'alex@' }, 'email must be an email'],
      [
        { password: '1234567', password_confirmation: '1234567' },
        'Le mot de passe doit contenir au moins 8 caractères',
      ],
      [
        { password: 'x'.repeat(1025), password_confirmation: 'x'.repeat(1025) },
        'Le mot de passe ne peut pas dépasser 1024 caractères',
      ],
      [{ first_name: undefined }, 'Le prénom est obligatoire'],
      [{ birthdate: '2090-01-01' }, 'La date de naissance est invalide'],
      [{ birthdate: '1990-02-30' }, 'La date de naissance doit être au format AAAA-MM-JJ'],
      [{ birthdate: '17/05/1990' }, 'La date de naissance doit être au format AAAA-MM-JJ'],
      [
        { phone: '+1 202 555 0100', phone_country_code: 'FR' },
        'Veuillez renseigner un numéro de téléphone valide (France, Belgique ou Suisse)',
      ],
      [
        { phone: '+32 470 12 34 56', phone_country_code: 'FR' },
        'Veuillez renseigner un numéro de téléphone valide (France, Belgique ou Suisse)',
      ],
      [{ phone_country_code: 'DE' }, 'Le pays du téléphone doit être FR, BE ou CH'],
      [{ civility: 'Sir' }, 'La civilité doit être M., Mme ou Me'],
      [{ isAdmin: true }, 'Champ non autorisé : isAdmin'],
    ])('rejects %j with 400 and creates nothing', async (overrides, message) => {
      const before = await countAttendees();
      const response = await http().post('/api/v1/attendees').send(signUp(overrides)).expect(400);
      expect(response.body.message).toBe(message);
      expect(await countAttendees()).toBe(before);
    });

    it('rejects malformed JSON with 400, not 500', async () => {
      const response = await http()
        .post('/api/v1/attendees')
        .set('content-type', 'application/json')
        .send('{"email": ')
        .expect(400);
      expect(response.body.statusCode).toBe(400);
    });

    it("answers 409 'Email already exists' for a taken email, including one of a guest who booked without an account", async () => {
      const existing = await db.attendee(uniqueTag('taken'));
      const before = await countAttendees();
      const response = await http()
        .post('/api/v1/attendees')
        .send(signUp({ email: existing.email.toUpperCase() }))
        .expect(409);
      expect(response.body).toEqual({
        statusCode: 409,
        code: 'EMAIL_ALREADY_EXISTS',
        message: 'Email already exists',
      });
      const guest = `guest.${uniqueTag('g')}@example.test`;
      await db.pool.query('INSERT INTO attendees (email) VALUES ($1)', [guest]);
      await http()
        .post('/api/v1/attendees')
        .send(signUp({ email: guest }))
        .expect(409);
      expect(await countAttendees()).toBe(before + 1);
    });
  });

  describe('PUT /api/v1/attendees/{id}', () => {
    let me: SeededAccount;
    beforeAll(async () => {
      me = await db.attendee(uniqueTag('me'));
    });

    it('lets the attendee update their profile; a new phone is unverified', async () => {
      await db.pool.query(
        "UPDATE attendees SET phone = '+33612345678', phone_country_code = 'FR', phone_verified_at = now() WHERE id = $1",
        [me.id],
      );
      const response = await http()
        .put(`/api/v1/attendees/${me.id}`)
        .set('authorization', `Bearer ${me.token}`)
        .send({
          civility: 'M.',
          first_name: 'Sam',
          last_name: 'Bernard',
          birthdate: '1985-12-01',
          phone: '079 123 45 67',
          phone_country_code: 'CH',
        })
        .expect(200);
      expect(response.body).toMatchObject({
        civility: 'M.',
        first_name: 'Sam',
        last_name: 'Bernard',
        birthdate: '1985-12-01',
        phone: '+41791234567',
        phone_country_code: 'CH',
        phoneVerifiedAt: null,
      });
      const read = await http()
        .get(`/api/v1/attendees/${me.id}`)
        .set('authorization', `Bearer ${me.token}`)
        .expect(200);
      expect(read.body).toEqual(response.body);
    });

    it('keeps the verification when the same number is sent again', async () => {
      await db.pool.query('UPDATE attendees SET phone_verified_at = now() WHERE id = $1', [me.id]);
      const response = await http()
        .put(`/api/v1/attendees/${me.id}`)
        .set('authorization', `Bearer ${me.token}`)
        .send({ phone: '+41791234567' })
        .expect(200);
      expect(response.body.phoneVerifiedAt).not.toBeNull();
    });

    it.each([
      [{ email: 'nope' }, 400, 'email must be an email'],
      [
        { phone: '12' },
        400,
        'Veuillez renseigner un numéro de téléphone valide (France, Belgique ou Suisse)',
      ],
      [{ last_name: 'x'.repeat(101) }, 400, 'Le nom ne peut pas dépasser 100 caractères'],
      [{ password: 'new password!!' }, 400, 'Champ non autorisé : password'],
    ])('rejects %j with %i and changes nothing', async (body, status, message) => {
      const before = await db.attendeeRow(me.id);
      const response = await http()
        .put(`/api/v1/attendees/${me.id}`)
        .set('authorization', `Bearer ${me.token}`)
        .send(body)
        .expect(status);
      expect(response.body.message).toBe(message);
      expect(await db.attendeeRow(me.id)).toEqual(before);
    });

    it("answers 409 'Email already exists' for another attendee's email", async () => {
      const other = await db.attendee(uniqueTag('o'));
      const before = await db.attendeeRow(me.id);
      await http()
        .put(`/api/v1/attendees/${me.id}`)
        .set('authorization', `Bearer ${me.token}`)
        .send({ email: other.email })
        .expect(409);
      expect(await db.attendeeRow(me.id)).toEqual(before);
    });
  });
});
