import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { createTestApp } from '../app';
import { SeededAccount, TestDb, uniqueTag } from '../auth/support/fixtures';

/**
 * The console's long lists: a page past the middle is read from the end of the list (and its rows turned
 * back), the clients' text search reads a trigram index. Either way an operator sees exactly the rows a plain
 * `ORDER BY ... OFFSET` gives, with or without filters, and the pages react-admin asks for stay full and in order.
 */
describe('Console lists: deep pages and the clients text search', () => {
  let app: NestFastifyApplication;
  let db: TestDb;
  let admin: SeededAccount;
  const tag = uniqueTag('deep').toLowerCase();
  // Under EXACT_LIST_TOTAL (20,000, list-total.ts) with room for the planner's error, so the total is exact and
  // every page is the plain ORDER BY ... OFFSET one.
  const ROWS = 15_000;
  let proId: string;
  const http = () => request(app.getHttpServer());
  // 30,000 rows to write and pages read under the load of a shared machine.
  jest.setTimeout(120_000);

  const get = (path: string, query: { filter?: object; sort?: [string, string]; range: [number, number] }) =>
    http()
      .get(path)
      .query({
        ...(query.filter ? { filter: JSON.stringify(query.filter) } : {}),
        ...(query.sort ? { sort: JSON.stringify(query.sort) } : {}),
        range: JSON.stringify(query.range),
      })
      .set({ Authorization: `Bearer ${admin.token}` })
      .expect(200);
  const ids = (response: request.Response) =>
    response.body.map((row: { id: string | number }) => String(row.id));
  const plain = async (statement: string, params: unknown[]) =>
    (await db.pool.query<{ id: string }>(statement, params)).rows.map((row) => String(row.id));
  const count = async (statement: string, params: unknown[]) =>
    Number((await db.pool.query<{ n: string }>(statement, params)).rows[0].n);

  beforeAll(async () => {
    app = await createTestApp();
    db = new TestDb();
    admin = await db.admin(tag);
    const pro = await db.user(tag);
    proId = pro.id;
    // One appointment creates the professional's agenda; the other 14,999 follow it an hour apart (no overlap),
    // one in three pending, a few starting at the same time as another professional's would not matter here.
    const first = await db.appointment(pro.id, null, 60, 'confirmed');
    await db.pool.query(
      `INSERT INTO appointments (ref_appointment, user_id, calendar_id, status, starts_at, ends_at, created_at)
       SELECT $1 || '-' || g, a.user_id, a.calendar_id, CASE WHEN g % 3 = 0 THEN 'pending' ELSE 'confirmed' END,
              a.starts_at + g * interval '1 hour', a.starts_at + g * interval '1 hour' + interval '30 minutes',
              now() - (g % 97) * interval '1 minute'
       FROM appointments a, generate_series(1, $2::int) g WHERE a.id = $3`,
      [tag, ROWS - 1, first],
    );
    // 15,000 clients, one in five without a last name (NULLs have their place in a sort on it).
    await db.pool.query(
      `INSERT INTO attendees (email, first_name, last_name, phone, created_at)
       SELECT 'client' || g || '.' || $1 || '@example.test', (ARRAY['Anne', 'Paul', 'Zoé'])[1 + g % 3],
              CASE WHEN g % 5 = 0 THEN NULL ELSE (ARRAY['Martin', 'Bernard', 'Petit', 'Durand'])[1 + g % 4] || ' ' || $1 END,
              '+336' || lpad(g::text, 8, '0'), now() - (g % 1000) * interval '1 minute'
       FROM generate_series(1, $2::int) g`,
      [tag, ROWS],
    );
    await db.pool.query('ANALYZE appointments');
    await db.pool.query('ANALYZE attendees');
  }, 300_000);

  afterAll(async () => {
    await db.pool.query('DELETE FROM appointments WHERE user_id = $1', [proId]);
    await db.pool.query('DELETE FROM attendees WHERE email LIKE $1', [`%.${tag}@example.test`]);
    await app.close();
    await db.close();
  });

  it('gives the last, the one-before-last and a three-quarter page of 15,000 appointments as a plain ORDER BY does', async () => {
    const filter = { userId: proId };
    const total = await count('SELECT count(*) AS n FROM appointments WHERE user_id = $1', [proId]);
    expect(total).toBe(ROWS);
    for (const start of [ROWS - 25, ROWS - 50, Math.floor(ROWS * 0.75), 1_000, 12_490]) {
      const page = await get('/api/v1/admin/appointments', { filter, range: [start, start + 24] });
      const expected = await plain(
        'SELECT id FROM appointments WHERE user_id = $1 ORDER BY starts_at DESC, id LIMIT 25 OFFSET $2',
        [proId, start],
      );
      expect(ids(page)).toEqual(expected);
      // Read from the end, the page knows the exact total (the first pages may give the planner's estimate).
      if (start > ROWS / 2)
        expect(page.headers['content-range']).toBe(
          `appointments ${start}-${start + expected.length - 1}/${ROWS}`,
        );
    }
    // The last page is the oldest appointment, the one made first.
    const last = await get('/api/v1/admin/appointments', { filter, range: [ROWS - 25, ROWS - 1] });
    expect(last.body).toHaveLength(25);
    expect(ids(last)).toEqual(
      await plain('SELECT id FROM appointments WHERE user_id = $1 ORDER BY starts_at ASC, id DESC LIMIT 25', [
        proId,
      ]).then((rows) => rows.reverse()),
    );
  });

  it('reads a deep page of a filtered list and another sort in the right order, and a page past the end is empty', async () => {
    const filter = { userId: proId, status: 'pending' };
    const pending = await count(
      `SELECT count(*) AS n FROM appointments WHERE user_id = $1 AND status = 'pending'`,
      [proId],
    );
    expect(pending).toBe(Math.floor((ROWS - 1) / 3));
    const start = pending - 25;
    const page = await get('/api/v1/admin/appointments', {
      filter,
      sort: ['createdAt', 'ASC'],
      range: [start, start + 24],
    });
    expect(ids(page)).toEqual(
      await plain(
        `SELECT id FROM appointments WHERE user_id = $1 AND status = 'pending' ORDER BY created_at ASC, id LIMIT 25 OFFSET $2`,
        [proId, start],
      ),
    );
    // A partly filled last page: its 10 rows, then nothing.
    const partial = await get('/api/v1/admin/appointments', { filter, range: [pending - 10, pending + 14] });
    expect(partial.body).toHaveLength(10);
    expect(ids(partial)).toEqual(
      await plain(
        `SELECT id FROM appointments WHERE user_id = $1 AND status = 'pending' ORDER BY starts_at DESC, id LIMIT 10 OFFSET $2`,
        [proId, pending - 10],
      ),
    );
    const beyond = await get('/api/v1/admin/appointments', { filter, range: [pending + 100, pending + 124] });
    expect(beyond.body).toEqual([]);
  });

  it('gives the pages of a search of 15,000 clients up to its capped total, by creation date and by last name (no last name sorted as before)', async () => {
    const filter = { q: `.${tag}@` };
    const mine = `%.${tag}@%`;
    for (const [sort, order] of [
      [['createdAt', 'DESC'], 'created_at DESC, id'],
      [['lastName', 'ASC'], 'last_name ASC, id'],
      [['lastName', 'DESC'], 'last_name DESC, id'],
    ] as const) {
      // A text search counts up to 1,001 matches (its total then says "more than 1,000"): its last page by that
      // total and one before, each the rows a plain ORDER BY ... OFFSET gives.
      for (const start of [976, 500]) {
        const page = await get('/api/v1/admin/clients', {
          filter,
          sort: [...sort],
          range: [start, start + 24],
        });
        expect(ids(page)).toEqual(
          await plain(`SELECT id FROM attendees WHERE email ILIKE $1 ORDER BY ${order} LIMIT 25 OFFSET $2`, [
            mine,
            start,
          ]),
        );
        expect(page.headers['content-range']).toBe(`clients ${start}-${start + 24}/1001`);
      }
    }
  });

  it('finds clients by any part of their address, last name, first name or phone, exactly as the per-column search did', async () => {
    const someone = await db.attendee(`${tag}-xq`);
    await db.pool.query(`UPDATE attendees SET first_name = $2, phone = $3 WHERE id = $1`, [
      someone.id,
      `Éloïse${tag}`,
      '+33799887766',
    ]);
    const oldFilter = (q: string) =>
      plain(
        `SELECT id FROM attendees
         WHERE email ILIKE $1 OR last_name ILIKE $1 OR first_name ILIKE $1 OR phone ILIKE $1 ORDER BY email, id`,
        [`%${q}%`],
      );
    for (const q of [
      `${tag}-xq@example`, // part of the address
      `martin ${tag}-XQ`, // the last name, another case
      `éloïse${tag}`, // the first name, accented
      '799887', // part of the phone
      `bernard ${tag}`, // thousands of clients
    ]) {
      const expected = await oldFilter(q);
      const found = await get('/api/v1/admin/clients', {
        filter: { q },
        sort: ['email', 'ASC'],
        range: [0, 99],
      });
      expect(ids(found)).toEqual(expected.slice(0, 100));
      if (!q.startsWith('bernard')) expect(ids(found)).toContain(someone.id);
    }
    // Text running over two columns ("last name first name") matched no column before and still matches nothing.
    const across = await get('/api/v1/admin/clients', {
      filter: { q: `${tag}-xq Éloïse` },
      range: [0, 24],
    });
    expect(across.body).toEqual([]);
    // The columns are joined by a control character, which a search never holds: typed (pasted) into it, it is
    // taken out, so it neither spans two columns nor fails.
    const pasted = await get('/api/v1/admin/clients', {
      filter: { q: `${tag}-xq\u001f@example` },
      range: [0, 24],
    });
    expect(ids(pasted)).toEqual([someone.id]);
    const spanning = await get('/api/v1/admin/clients', {
      filter: { q: `${tag}-xq@example.test\u001fMartin` },
      range: [0, 24],
    });
    expect(spanning.body).toEqual([]);
    // % and _ typed in the box are characters, not wildcards: "x_" does not find "xq", "%" finds nobody here.
    for (const q of [`${tag}-x_@example`, `${tag}-x%@example`]) {
      const typed = await get('/api/v1/admin/clients', { filter: { q }, range: [0, 24] });
      expect(typed.body).toEqual([]);
    }
  });

  it('counts a text search up to 1,001 matches: its total then says "more than 1,000" and its last page holds the 1,001st', async () => {
    const q = `bernard ${tag}`;
    const matches = await plain(
      `SELECT id FROM attendees WHERE email ILIKE $1 OR last_name ILIKE $1 OR first_name ILIKE $1 OR phone ILIKE $1
       ORDER BY email, id`,
      [`%${q}%`],
    );
    expect(matches.length).toBeGreaterThan(1_001);
    const first = await get('/api/v1/admin/clients', {
      filter: { q },
      sort: ['email', 'ASC'],
      range: [0, 24],
    });
    expect(first.headers['content-range']).toBe('clients 0-24/1001');
    expect(ids(first)).toEqual(matches.slice(0, 25));
    // react-admin's last page by that total: matches 977 to 1,001, in the list's order (not the search's end).
    const last = await get('/api/v1/admin/clients', {
      filter: { q },
      sort: ['email', 'ASC'],
      range: [976, 1000],
    });
    expect(last.headers['content-range']).toBe('clients 976-1000/1001');
    expect(ids(last)).toEqual(matches.slice(976, 1_001));
    // A page asked across the total stops at it; past it, nothing.
    const across = await get('/api/v1/admin/clients', {
      filter: { q },
      sort: ['email', 'ASC'],
      range: [990, 1014],
    });
    expect(ids(across)).toEqual(matches.slice(990, 1_001));
    const past = await get('/api/v1/admin/clients', {
      filter: { q },
      sort: ['email', 'ASC'],
      range: [1_001, 1_025],
    });
    expect(past.body).toEqual([]);
    // A search with fewer matches is counted exactly.
    const few = await get('/api/v1/admin/clients', { filter: { q: `${tag}-xq@example` }, range: [0, 24] });
    expect(few.headers['content-range']).toBe('clients 0-0/1');
  });
});
