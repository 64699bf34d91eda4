import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { createTestApp } from '../app';
import { SeededAccount, TestDb, uniqueTag } from '../auth/support/fixtures';

/** The site configuration (docs/product.md §3 + company identity), public read, admin edit. */
describe('Site configuration (GET /site-config, GET / PUT /admin/site-config)', () => {
  let app: NestFastifyApplication;
  let db: TestDb;
  let admin: SeededAccount;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    app = await createTestApp();
    db = new TestDb();
    admin = await db.admin(uniqueTag('cfg'));
  });

  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('an admin fills the company identity and switches sponsorship off: the public config shows it, the audit log keeps before / after', async () => {
    const auth = { Authorization: `Bearer ${admin.token}` };
    const before = await http().get('/api/v1/admin/site-config').set(auth).expect(200);
    expect(before.body).toMatchObject({ id: 'current', default_timezone: 'Europe/Paris' });
    expect(before.body.flags).toEqual(
      expect.objectContaining({ sponsorship: expect.any(Boolean), client_folders: expect.any(Boolean) }),
    );

    const saved = await http()
      .put('/api/v1/admin/site-config')
      .set(auth)
      .send({
        flags: {
          specialities_enabled: true,
          user_card_default: false,
          sponsorship: false,
          client_folders: false,
        },
        company: {
          name: 'Exemple SAS',
          registration_number: 'RCS Paris 000 000 000',
          dpo_email: 'dpo@example.org',
        },
        contact: {
          phone: '+33 1 99 00 00 00',
          email: 'contact@example.org',
          social: { linkedin: 'https://www.linkedin.com/company/x' },
        },
      })
      .expect(200);
    expect(saved.body.company).toMatchObject({ name: 'Exemple SAS', host_name: null });

    const pub = await http().get('/api/v1/site-config').expect(200);
    expect(pub.body.flags).toMatchObject({ sponsorship: false, client_folders: false });
    expect(pub.body.company.registration_number).toBe('RCS Paris 000 000 000');
    expect(pub.body.contact.social.linkedin).toBe('https://www.linkedin.com/company/x');

    const audit = await http()
      .get('/api/v1/admin/audit-log')
      .query({
        filter: JSON.stringify({ resource: 'site-config' }),
        sort: JSON.stringify(['id', 'DESC']),
        range: '[0,0]',
      })
      .set(auth)
      .expect(200);
    expect(audit.body[0].after.company.name).toBe('Exemple SAS');
    expect(audit.body[0].before.company.name).not.toBe('Exemple SAS');
  });

  it('refuses invalid values in French and changes nothing', async () => {
    const auth = { Authorization: `Bearer ${admin.token}` };
    const current = await http().get('/api/v1/site-config').expect(200);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ default_timezone: 'Mars/Olympus' }, 'Fuseau horaire inconnu'],
      [{ locales: ['de'] }, 'Langue inconnue (fr ou en)'],
      [
        { locales: ['en'], default_locale: 'fr' },
        'La langue par défaut doit faire partie des langues proposées',
      ],
      [
        { page_sizes: { professionals_desktop: 0, professionals_mobile: 10 } },
        'La taille de page doit être comprise entre 1 et 100',
      ],
      [{ company: { dpo_email: 'pas-un-email' } }, 'L’email du DPO est invalide'],
      [
        { contact: { social: { x: 'javascript:alert(1)' } } },
        'Le lien doit être une adresse web complète (https://…)',
      ],
      [
        {
          flags: {
            specialities_enabled: true,
            user_card_default: false,
            sponsorship: 'oui',
            client_folders: true,
          },
        },
        'Le réglage « parrainage » doit être vrai ou faux',
      ],
    ];
    for (const [body, message] of cases) {
      const answer = await http().put('/api/v1/admin/site-config').set(auth).send(body).expect(400);
      expect(answer.body.message).toBe(message);
    }
    const after = await http().get('/api/v1/site-config').expect(200);
    expect(after.body).toEqual(current.body);
  });

  it('is edited by admins only', async () => {
    const pro = await db.user(uniqueTag('cfgpro'));
    await http()
      .put('/api/v1/admin/site-config')
      .set('Authorization', `Bearer ${pro.token}`)
      .send({})
      .expect(403);
    await http().put('/api/v1/admin/site-config').send({}).expect(401);
  });
});
