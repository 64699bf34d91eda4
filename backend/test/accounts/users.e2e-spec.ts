import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { createTestApp } from '../app';
import { PASSWORD, SeededAccount, SeededUser, TestDb, uniqueTag } from '../auth/support/fixtures';

describe('Professionals (users)', () => {
  let app: NestFastifyApplication;
  let db: TestDb;
  let admin: SeededAccount;
  let tag: string;
  const http = () => request(app.getHttpServer());
  const asAdmin = (call: request.Test) => call.set('authorization', `Bearer ${admin.token}`);
  const countUsers = async () => Number((await db.pool.query('SELECT count(*) FROM users')).rows[0].count);

  beforeAll(async () => {
    app = await createTestApp();
    db = new TestDb();
    tag = uniqueTag('users');
    admin = await db.admin(tag);
  });

  afterAll(async () => {
    await db.close();
    await app.close();
  });

  describe('POST /api/v1/users (admin)', () => {
    it('creates a professional without a password: username and userUri derived from the name, registration pending', async () => {
      const email = `Élodie.${tag}@Example.test`;
      const response = await asAdmin(http().post('/api/v1/users'))
        .send({ first_name: ' Élodie ', last_name: 'de La Tour', email, telephone: '06 12 34 56 78' })
        .expect(201);
      expect(response.body).toMatchObject({
        first_name: 'Élodie',
        last_name: 'de La Tour',
        email: email.toLowerCase(),
        username: 'elodie.de.la.tour',
        userUri: 'elodie-de-la-tour',
        telephone: '+33612345678',
        phoneVerifiedAt: null,
        country: 'FR',
        country_code: '+33',
        timezone: 'Europe/Paris',
        language: 'fr',
        registrationComplete: false,
        isActive: true,
      });
      const twin = await asAdmin(http().post('/api/v1/users'))
        .send({ first_name: 'Elodie', last_name: 'De la Tour', email: `twin.${tag}@example.test` })
        .expect(201);
      expect(twin.body).toMatchObject({ username: 'elodie.de.la.tour.2', userUri: 'elodie-de-la-tour-2' });
    });

    it('creates a professional with a password who can sign in right away', async () => {
      const email = `ready.${tag}@example.test`;
      const response = await asAdmin(http().post('/api/v1/users'))
        .send({
          first_name: 'Paul',
          last_name: 'Prêt',
          email,
          username: `paul.${tag}`,
          password: PASSWORD,
          password_confirmation: PASSWORD,
          country: 'BE',
          telephone: '0470 12 34 56',
          spoken_languages: ['fr', 'nl'],
        })
        .expect(201);
      expect(response.body).toMatchObject({
        registrationComplete: true,
        country: 'BE',
        country_code: '+32',
        telephone: '+32470123456',
        spoken_languages: ['fr', 'nl'],
      });
      await http()
        .post('/api/v1/login')
        .set('x-forwarded-for', '192.0.2.200')
        .send({ username: email, password: PASSWORD })
        .expect(200);
    });

    it.each([
      [{ first_name: 'A', last_name: 'B', email: 'not-an-email' }, 400, 'email must be an email'],
      [{ first_name: 'A', last_name: 'B' }, 400, 'email must be an email'],
      [{ last_name: 'B', email: 'x1@example.test' }, 400, 'Le prénom est obligatoire'],
      [
        {
          first_name: 'A',
          last_name: 'B',
          email: 'x2@example.test',
          password: PASSWORD,
          password_confirmation: 'something else',
        },
        400,
        'Password are not the same',
      ],
      [
        {
          first_name: 'A',
          last_name: 'B',
          email: 'x3@example.test',
          password: 'short',
          password_confirmation: 'short',
        },
        400,
        'Le mot de passe doit contenir au moins 8 caractères',
      ],
      [
        { first_name: 'A', last_name: 'B', email: 'x4@example.test', telephone: '+49 30 12345678' },
        400,
        'Veuillez renseigner un numéro de téléphone valide (France, Belgique ou Suisse)',
      ],
      [
        { first_name: 'A', last_name: 'B', email: 'x5@example.test', timezone: 'Mars/Olympus' },
        400,
        'Fuseau horaire inconnu',
      ],
      [
        { first_name: 'A', last_name: 'B', email: 'x6@example.test', username: 'with@sign' },
        400,
        "Le nom d'utilisateur doit faire 3 à 64 caractères parmi a-z, 0-9, point, tiret et tiret bas",
      ],
      [
        { first_name: 'A', last_name: 'B', email: 'x7@example.test', country: 'DE' },
        400,
        'Le pays doit être FR, BE ou CH',
      ],
      [
        {
          first_name: 'A',
          last_name: 'B',
          email: 'x8@example.test',
          copy_emails: ['ok@example.test', 'nope'],
        },
        400,
        'email must be an email',
      ],
      [
        {
          first_name: 'A',
          last_name: 'B',
          email: 'x9@example.test',
          team_id: '00000000-0000-4000-8000-000000000000',
        },
        400,
        "L'étude indiquée n'existe pas",
      ],
      [
        { first_name: 'A', last_name: 'B', email: 'x10@example.test', role: 'admin' },
        400,
        'Champ non autorisé : role',
      ],
    ])('rejects %j with %i %s and creates nothing', async (body, status, message) => {
      const before = await countUsers();
      const response = await asAdmin(http().post('/api/v1/users')).send(body).expect(status);
      expect(response.body.message).toBe(message);
      expect(await countUsers()).toBe(before);
    });

    it("answers 409 'Email already exists' for a taken email, whatever its case", async () => {
      const existing = await db.user(uniqueTag('dup'));
      const before = await countUsers();
      const response = await asAdmin(http().post('/api/v1/users'))
        .send({ first_name: 'Dup', last_name: 'Licate', email: existing.email.toUpperCase() })
        .expect(409);
      expect(response.body).toEqual({
        statusCode: 409,
        code: 'EMAIL_ALREADY_EXISTS',
        message: 'Email already exists',
      });
      expect(await countUsers()).toBe(before);
    });
  });

  describe('PUT /api/v1/users/{id}', () => {
    let me: SeededUser;
    beforeAll(async () => {
      me = await db.user(uniqueTag('me'));
    });

    it('lets the professional update the fields of docs/product.md §3', async () => {
      const body = {
        first_name: 'Camille',
        last_name: 'Martin',
        civility: 'Me',
        telephone: '+41 79 123 45 67',
        country: 'CH',
        timezone: 'Europe/Zurich',
        language: 'en',
        spoken_languages: ['fr', 'de', 'fr'],
        presentation_title: 'Avocate au barreau de Genève',
        presentation: 'Droit de la famille.',
        mail_copy_activated: true,
        copy_emails: ['Secretariat@Example.test'],
      };
      const response = await http()
        .put(`/api/v1/users/${me.id}`)
        .set('authorization', `Bearer ${me.token}`)
        .send(body)
        .expect(200);
      expect(response.body).toMatchObject({
        _id: me.id,
        last_name: 'Martin',
        civility: 'Me',
        telephone: '+41791234567',
        country: 'CH',
        country_code: '+41',
        timezone: 'Europe/Zurich',
        language: 'en',
        spoken_languages: ['fr', 'de'],
        presentation_title: 'Avocate au barreau de Genève',
        mail_copy_activated: true,
        copy_emails: ['secretariat@example.test'],
      });
      const row = await db.userRow(me.id);
      expect(row).toMatchObject({
        lastName: 'Martin',
        telephone: '+41791234567',
        timezone: 'Europe/Zurich',
        copyEmails: ['secretariat@example.test'],
      });
      const read = await http()
        .get(`/api/v1/users/${me.id}`)
        .set('authorization', `Bearer ${me.token}`)
        .expect(200);
      expect(read.body).toEqual(response.body);
    });

    it('lets the professional opt out of indexing and back in: the profile leaves the sitemap and says so', async () => {
      const put = (indexable: unknown) =>
        http().put(`/api/v1/users/${me.id}`).set('authorization', `Bearer ${me.token}`).send({ indexable });
      const sitemapPaths = async () =>
        (await http().get('/api/v1/sitemap/profiles').expect(200)).body.map((e: { path: string }) => e.path);
      const profilePath = `/avocat/${(await db.userRow(me.id)).userUri}`;
      expect(await sitemapPaths()).toContain(profilePath);

      expect((await put(false).expect(200)).body).toMatchObject({ _id: me.id, indexable: false });
      expect(await sitemapPaths()).not.toContain(profilePath);
      const profile = await http().get(`/api/v1${profilePath.replace('/avocat/', '/professionals/')}`);
      expect(profile.body.indexable).toBe(false);

      expect((await put(true).expect(200)).body.indexable).toBe(true);
      expect(await sitemapPaths()).toContain(profilePath);
      const refused = await put('non').expect(400);
      expect(refused.body.message).toBe('Le référencement doit être vrai ou faux');
      expect((await db.userRow(me.id)).indexable).toBe(true);
    });

    it('changing the phone clears its verification', async () => {
      await db.pool.query(
        "UPDATE users SET telephone = '+33612345678', phone_verified_at = now() WHERE id = $1",
        [me.id],
      );
      await http()
        .put(`/api/v1/users/${me.id}`)
        .set('authorization', `Bearer ${me.token}`)
        .send({ telephone: '+33612345678', country: 'FR' })
        .expect(200);
      expect((await db.userRow(me.id)).phoneVerifiedAt).not.toBeNull();
      const response = await http()
        .put(`/api/v1/users/${me.id}`)
        .set('authorization', `Bearer ${me.token}`)
        .send({ telephone: '07 81 23 45 67' })
        .expect(200);
      expect(response.body).toMatchObject({ telephone: '+33781234567', phoneVerifiedAt: null });
    });

    it('accepts a Belgian or Swiss number for a professional based in France (the country only reads national numbers)', async () => {
      const response = await http()
        .put(`/api/v1/users/${me.id}`)
        .set('authorization', `Bearer ${me.token}`)
        .send({ country: 'FR', telephone: '+32 470 99 88 77' })
        .expect(200);
      expect(response.body).toMatchObject({ country: 'FR', telephone: '+32470998877' });
    });

    it.each([
      [{ email: 'bad' }, 400, 'email must be an email'],
      [
        { telephone: '555-0100' },
        400,
        'Veuillez renseigner un numéro de téléphone valide (France, Belgique ou Suisse)',
      ],
      [{ spoken_languages: 'fr' }, 400, 'Les langues parlées doivent être une liste'],
      [{ mail_copy_activated: 'yes' }, 400, 'mail_copy_activated doit être vrai ou faux'],
      [
        { presentation_title: 'x'.repeat(201) },
        400,
        'Le titre de présentation ne peut pas dépasser 200 caractères',
      ],
      [{ first_name: '' }, 400, 'Le prénom est obligatoire'],
      [{ is_active: false }, 403, 'Seul un administrateur peut modifier ce champ'],
      [{ username: 'new.name' }, 403, 'Seul un administrateur peut modifier ce champ'],
      [{ password: 'sneaky password' }, 400, 'Champ non autorisé : password'],
    ])('rejects %j from the professional with %i and changes nothing', async (body, status, message) => {
      const before = await db.userRow(me.id);
      const response = await http()
        .put(`/api/v1/users/${me.id}`)
        .set('authorization', `Bearer ${me.token}`)
        .send(body)
        .expect(status);
      expect(response.body.message).toBe(message);
      expect(await db.userRow(me.id)).toEqual(before);
    });

    it("answers 409 'Email already exists' when taking another professional's email", async () => {
      const other = await db.user(uniqueTag('other'));
      const before = await db.userRow(me.id);
      const response = await http()
        .put(`/api/v1/users/${me.id}`)
        .set('authorization', `Bearer ${me.token}`)
        .send({ email: other.email })
        .expect(409);
      expect(response.body.message).toBe('Email already exists');
      expect(await db.userRow(me.id)).toEqual(before);
    });

    it('an admin may change the username, the office and deactivate (which ends the open sessions); unknown ids are 404', async () => {
      const openSession = db.tokenIssuedAgo('user', me.id, 5);
      await http().get(`/api/v1/users/${me.id}`).set('authorization', `Bearer ${openSession}`).expect(200);
      const team = await db.team(uniqueTag('t'));
      const response = await asAdmin(http().put(`/api/v1/users/${me.id}`))
        .send({ username: `renamed.${tag}`, team_id: team, is_active: false })
        .expect(200);
      expect(response.body).toMatchObject({ username: `renamed.${tag}`, teamId: team, isActive: false });
      await http().get(`/api/v1/users/${me.id}`).set('authorization', `Bearer ${openSession}`).expect(401);
      await http()
        .put(`/api/v1/users/${me.id}`)
        .set('authorization', `Bearer ${openSession}`)
        .send({ presentation: 'still here?' })
        .expect(401);
      await asAdmin(http().put('/api/v1/users/00000000-0000-4000-8000-000000000000'))
        .send({ presentation: 'x' })
        .expect(404);
      const malformed = await asAdmin(http().put('/api/v1/users/not-a-uuid'))
        .send({ presentation: 'x' })
        .expect(400);
      expect(malformed.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Identifiant invalide' });
    });
  });

  describe('registration completion (/user/inscription/{userId}?token=...)', () => {
    let pending: SeededUser;
    let token: string;
    beforeAll(async () => {
      pending = await db.user(uniqueTag('reg'), { password: null });
      token = await db.registrationToken(pending.id);
    });

    it('GET /users/{userId}/registration shows name and email of a pending account to the mailed link', async () => {
      const response = await http()
        .get(`/api/v1/users/${pending.id}/registration`)
        .query({ token })
        .expect(200);
      // An account an administrator created without a registration request: nothing more to pre-fill.
      expect(response.body).toEqual({
        first_name: 'Camille',
        last_name: expect.stringContaining('Durand'),
        email: pending.email,
        telephone: null,
        country: 'FR',
        city: null,
        office_name: null,
      });
    });

    it('is 404 for an account that already has a password, an unknown id or a malformed id', async () => {
      const done = await db.user(uniqueTag('done'));
      const doneToken = await db.registrationToken(done.id);
      for (const [id, linkToken] of [
        [done.id, doneToken],
        ['00000000-0000-4000-8000-000000000000', token],
        ['abc', token],
      ]) {
        const response = await http()
          .get(`/api/v1/users/${id}/registration`)
          .query({ token: linkToken })
          .expect(404);
        expect(response.body.code).toBe('REGISTRATION_NOT_FOUND');
      }
    });

    it.each([
      [
        {
          password: PASSWORD,
          password_confirmation: 'different',
          telephone: '0612345678',
          cgu_accepted: true,
          privacy_accepted: true,
        },
        'Password are not the same',
      ],
      [
        {
          password: PASSWORD,
          password_confirmation: PASSWORD,
          telephone: '0612345678',
          cgu_accepted: false,
          privacy_accepted: true,
        },
        "Vous devez accepter les conditions générales d'utilisation",
      ],
      [
        { password: PASSWORD, password_confirmation: PASSWORD, telephone: '0612345678', cgu_accepted: true },
        'Vous devez accepter la politique de protection des données',
      ],
      [
        {
          password: PASSWORD,
          password_confirmation: PASSWORD,
          telephone: '+1 202 555 0100',
          cgu_accepted: true,
          privacy_accepted: true,
        },
        'Veuillez renseigner un numéro de téléphone valide (France, Belgique ou Suisse)',
      ],
      [
        {
          password: 'short',
          password_confirmation: 'short',
          telephone: '0612345678',
          cgu_accepted: true,
          privacy_accepted: true,
        },
        'Le mot de passe doit contenir au moins 8 caractères',
      ],
    ])('rejects %j with 400 and leaves the account pending', async (body, message) => {
      const before = await db.userRow(pending.id);
      const response = await http()
        .post(`/api/v1/users/${pending.id}/complete-registration`)
        .query({ token })
        .send(body)
        .expect(400);
      expect(response.body.message).toBe(message);
      expect(await db.userRow(pending.id)).toEqual(before);
    });

    it('sets password, phone and dated acceptances, signs in, and works only once', async () => {
      const body = {
        password: PASSWORD,
        password_confirmation: PASSWORD,
        telephone: '06 98 76 54 32',
        cgu_accepted: true,
        privacy_accepted: true,
      };
      const started = Date.now();
      const response = await http()
        .post(`/api/v1/users/${pending.id}/complete-registration`)
        .query({ token })
        .send(body)
        .expect(200);
      expect(response.body.user).toMatchObject({
        _id: pending.id,
        telephone: '+33698765432',
        registrationComplete: true,
      });
      const check = await http()
        .get('/api/v1/auth/user/check-logged')
        .set('authorization', `Bearer ${response.body.token}`)
        .expect(200);
      expect(check.body._id).toBe(pending.id);
      const row = await db.userRow(pending.id);
      expect(row.cguAcceptedAt?.getTime()).toBeGreaterThanOrEqual(started - 1000);
      expect(row.privacyAcceptedAt?.getTime()).toBeGreaterThanOrEqual(started - 1000);
      await http()
        .post(`/api/v1/users/${pending.id}/complete-registration`)
        .query({ token })
        .send({ ...body, password: 'hijack attempt!', password_confirmation: 'hijack attempt!' })
        .expect(404);
      await http().get(`/api/v1/users/${pending.id}/registration`).query({ token }).expect(404);
      await http()
        .post('/api/v1/login')
        .set('x-forwarded-for', '192.0.2.201')
        .send({ username: pending.username, password: PASSWORD })
        .expect(200);
    });
  });

  describe('GET /api/v1/users/{id}/events-futur-count', () => {
    it('counts future pending and confirmed appointments, per professional and in total', async () => {
      const team = await db.team(uniqueTag('cab'));
      const [me, colleague, stranger] = await Promise.all([
        db.user(uniqueTag('c1'), { teamId: team }),
        db.user(uniqueTag('c2'), { teamId: team }),
        db.user(uniqueTag('c3')),
      ]);
      const attendee = await db.attendee(uniqueTag('client'));
      await db.appointment(me.id, attendee.id, 60, 'pending');
      await db.appointment(me.id, attendee.id, 120, 'confirmed');
      await db.appointment(me.id, attendee.id, 180, 'cancelled');
      await db.appointment(me.id, attendee.id, 240, 'refused');
      await db.appointment(me.id, attendee.id, -120, 'confirmed');
      await db.appointment(colleague.id, null, 60, 'confirmed');

      const own = await http()
        .get(`/api/v1/users/${me.id}/events-futur-count`)
        .set('authorization', `Bearer ${me.token}`)
        .expect(200);
      expect(own.body).toEqual({ u_f_e_c: [{ user_id: me.id, count: 2 }], count: 2 });

      const bracket = await http()
        .get(`/api/v1/users/${me.id}/events-futur-count?ids[]=${me.id}&ids[]=${colleague.id}`)
        .set('authorization', `Bearer ${me.token}`)
        .expect(200);
      expect(bracket.body).toEqual({
        u_f_e_c: [
          { user_id: me.id, count: 2 },
          { user_id: colleague.id, count: 1 },
        ],
        count: 3,
      });

      const comma = await http()
        .get(`/api/v1/users/${me.id}/events-futur-count?ids=${me.id},${colleague.id}`)
        .set('authorization', `Bearer ${me.token}`)
        .expect(200);
      expect(comma.body).toEqual(bracket.body);

      await http()
        .get(`/api/v1/users/${me.id}/events-futur-count?ids=${stranger.id}`)
        .set('authorization', `Bearer ${me.token}`)
        .expect(403);
      const byAdmin = await asAdmin(
        http().get(`/api/v1/users/${me.id}/events-futur-count?ids=${stranger.id}`),
      ).expect(200);
      expect(byAdmin.body).toEqual({ u_f_e_c: [{ user_id: stranger.id, count: 0 }], count: 0 });

      const bad = await http()
        .get(`/api/v1/users/${me.id}/events-futur-count?ids=nope`)
        .set('authorization', `Bearer ${me.token}`)
        .expect(400);
      expect(bad.body.message).toBe('Les identifiants doivent être des UUID');
    });
  });

  describe('GET /api/v1/admin/users (react-admin simple REST)', () => {
    let listTag: string;
    beforeAll(async () => {
      listTag = uniqueTag('list');
      for (const name of ['c', 'a', 'b']) await db.user(`${listTag}${name}`);
    });

    it('filters, sorts and paginates, with a Content-Range header and an id field', async () => {
      const filter = encodeURIComponent(JSON.stringify({ q: listTag }));
      const sort = encodeURIComponent(JSON.stringify(['email', 'DESC']));
      const page1 = await asAdmin(
        http().get(`/api/v1/admin/users?filter=${filter}&sort=${sort}&range=${encodeURIComponent('[0,1]')}`),
      ).expect(200);
      expect(page1.headers['content-range']).toBe('users 0-1/3');
      expect(page1.body.map((user: { email: string }) => user.email)).toEqual([
        `user.${listTag}c@example.test`,
        `user.${listTag}b@example.test`,
      ]);
      expect(page1.body[0].id).toBe(page1.body[0]._id);
      const page2 = await asAdmin(
        http().get(`/api/v1/admin/users?filter=${filter}&sort=${sort}&range=${encodeURIComponent('[2,3]')}`),
      ).expect(200);
      expect(page2.headers['content-range']).toBe('users 2-2/3');
      expect(page2.body).toHaveLength(1);
      const byIds = await asAdmin(
        http().get(
          `/api/v1/admin/users?filter=${encodeURIComponent(JSON.stringify({ id: [page1.body[0].id] }))}`,
        ),
      ).expect(200);
      expect(byIds.body.map((user: { id: string }) => user.id)).toEqual([page1.body[0].id]);
      const one = await asAdmin(http().get(`/api/v1/admin/users/${page1.body[0].id}`)).expect(200);
      expect(one.body.email).toBe(`user.${listTag}c@example.test`);
    });

    it.each([
      'sort=["password_hash","ASC"]',
      'sort=notjson',
      'range=[5,1]',
      'range=[-1,3]',
      'filter=[1]',
      'filter={"isActive":"yes"}',
    ])('rejects %s with 400', async (query) => {
      const [key, value] = query.split('=');
      const response = await asAdmin(
        http().get(`/api/v1/admin/users?${key}=${encodeURIComponent(value)}`),
      ).expect(400);
      expect(response.body.code).toBe('VALIDATION_FAILED');
    });
  });
});
