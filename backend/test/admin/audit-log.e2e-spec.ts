import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { createTestApp } from '../app';
import { SeededAccount, TestDb, uniqueTag } from '../auth/support/fixtures';

/**
 * For the console's older resources (redirects, posts, offices, users, images, mail templates):
 * every successful write leaves who / what / when / before / after; a refused one leaves nothing.
 */
describe('Admin audit log of the older resources (@AuditedWrite)', () => {
  let app: NestFastifyApplication;
  let db: TestDb;
  let admin: SeededAccount;
  const http = () => request(app.getHttpServer());
  const auth = () => ({ Authorization: `Bearer ${admin.token}` });
  const trail = async (resource: string, resourceId: string | number) =>
    (
      await http()
        .get('/api/v1/admin/audit-log')
        .query({
          filter: JSON.stringify({ resource, resourceId: String(resourceId) }),
          sort: JSON.stringify(['id', 'ASC']),
        })
        .set(auth())
        .expect(200)
    ).body as Array<{ action: string; adminEmail: string; before: unknown; after: unknown }>;

  beforeAll(async () => {
    app = await createTestApp();
    db = new TestDb();
    admin = await db.admin(uniqueTag('audit'));
  });

  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('records a redirect’s creation, change and deletion with the record before and after', async () => {
    const tag = uniqueTag('redir');
    const created = await http()
      .post('/api/v1/admin/redirects')
      .set(auth())
      .send({ fromPath: `/ancienne-${tag}`, toPath: '/avocats/lyon' })
      .expect(201);
    const id = created.body.id;
    await http()
      .put(`/api/v1/admin/redirects/${id}`)
      .set(auth())
      .send({ fromPath: `/ancienne-${tag}`, toPath: '/avocats/paris' })
      .expect(200);
    await http().delete(`/api/v1/admin/redirects/${id}`).set(auth()).expect(200);

    const entries = await trail('redirects', id);
    expect(entries.map((e) => e.action)).toEqual(['create', 'update', 'delete']);
    expect(entries.every((e) => e.adminEmail === admin.email)).toBe(true);
    expect(entries[0]).toMatchObject({ before: null, after: { toPath: '/avocats/lyon' } });
    expect(entries[1]).toMatchObject({
      before: { toPath: '/avocats/lyon' },
      after: { toPath: '/avocats/paris' },
    });
    expect(entries[2]).toMatchObject({ before: { toPath: '/avocats/paris' }, after: null });
    // A deleted redirect has no name any more: the id stays.
    expect(entries.map((e) => (e as unknown as { resourceName: unknown }).resourceName)).toEqual([
      null,
      null,
      null,
    ]);
  });

  it('records a professional’s update; a refused write records nothing', async () => {
    const pro = await db.user(uniqueTag('auditpro'));
    await http().put(`/api/v1/admin/users/${pro.id}`).set(auth()).send({ first_name: 'Auditée' }).expect(200);
    const bad = await http().put(`/api/v1/admin/users/${pro.id}`).set(auth()).send({ first_name: 42 });
    expect(bad.status).toBe(400);
    const entries = await trail('users', pro.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'update', after: { first_name: 'Auditée' } });
    expect((entries[0].before as { first_name: string }).first_name).not.toBe('Auditée');
    // The console names what the entry is about, as it is called now.
    const lastName = (entries[0].after as { last_name: string }).last_name;
    expect((entries[0] as unknown as { resourceName: string }).resourceName).toBe(`Auditée ${lastName}`);
  });

  it('records a mail template saved and reset to its default', async () => {
    const list = await http().get('/api/v1/admin/mail-templates').set(auth()).expect(200);
    const template = list.body[0] as { key: string; subject: string; html: string; text: string };
    await http()
      .put(`/api/v1/admin/mail-templates/${template.key}`)
      .set(auth())
      .send({ subject: `${template.subject} (modifié)`, html: template.html, text: template.text })
      .expect(200);
    await http().delete(`/api/v1/admin/mail-templates/${template.key}`).set(auth()).expect(200);
    const entries = await trail('mail-templates', template.key);
    expect(entries.map((e) => e.action).slice(-2)).toEqual(['update', 'reset']);
    expect(entries.at(-2)).toMatchObject({ after: { subject: `${template.subject} (modifié)` } });
    // after a reset, the template is the default again
    expect(entries.at(-1)).toMatchObject({
      before: { subject: `${template.subject} (modifié)`, customized: true },
      after: { subject: template.subject, customized: false },
    });
  });
});
