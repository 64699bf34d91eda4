import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { EXACT_LIST_TOTAL } from '../../src/database/list-total';
import { createTestApp } from '../app';
import { SeededAccount, TestDb, uniqueTag } from '../auth/support/fixtures';

/**
 * The console's list totals (`Content-Range`): exact for a list of up to 20,000 rows (EXACT_LIST_TOTAL), the
 * planner's estimate above (an exact count reads every row: its cost grew with the market); react-admin's
 * pagination goes on working with the estimate, down to the list's last rows.
 */
describe('Console list totals on long lists', () => {
  let app: NestFastifyApplication;
  let db: TestDb;
  let admin: SeededAccount;
  const big = uniqueTag('big');
  const small = uniqueTag('small');
  const huge = uniqueTag('huge');
  // Under EXACT_LIST_TOTAL (20,000), with room for the planner's error: counted exactly.
  const BIG = 15_000;
  // Above it the total is the estimate, and a deep page is placed from the end by it: the size of the pending
  // appointments (58,000) or of one resource's audit entries (40,000) of an 80,000-professional market.
  const HUGE = 40_000;
  jest.setTimeout(120_000);
  const http = () => request(app.getHttpServer());
  const page = (resource: string, range: [number, number]) =>
    http()
      .get('/api/v1/admin/audit-log')
      .query({ filter: JSON.stringify({ resource }), range: JSON.stringify(range) })
      .set({ Authorization: `Bearer ${admin.token}` })
      .expect(200);
  const totalOf = (response: request.Response) =>
    Number(/\/(\d+)$/.exec(String(response.headers['content-range']))?.[1]);

  beforeAll(async () => {
    app = await createTestApp();
    db = new TestDb();
    admin = await db.admin(uniqueTag('totals'));
    await db.pool.query(
      `INSERT INTO admin_audit_log (action, resource, resource_id, created_at)
       SELECT 'update', $1, g::text, now() - g * interval '1 second' FROM generate_series(1, $2::int) g
       UNION ALL SELECT 'update', $3, g::text, now() FROM generate_series(1, 3) g
       UNION ALL SELECT 'update', $4, g::text, now() - g * interval '1 second' FROM generate_series(1, $5::int) g`,
      [big, BIG, small, huge, HUGE],
    );
    await db.pool.query('ANALYZE admin_audit_log');
  }, 120_000);

  afterAll(async () => {
    await db.pool.query('DELETE FROM admin_audit_log WHERE resource IN ($1, $2, $3)', [big, small, huge]);
    await app.close();
    await db.close();
  });

  it('gives the exact total of a short list', async () => {
    const response = await page(small, [0, 24]);
    expect(response.headers['content-range']).toBe('audit-log 0-2/3');
    expect(response.body).toHaveLength(3);
  });

  it('counts a list of 15,000 rows exactly, and its first, middle and last pages are full and distinct', async () => {
    const first = await page(big, [0, 24]);
    expect(totalOf(first)).toBe(BIG);
    expect(first.body).toHaveLength(25);
    // Newest first: the first page holds the 25 latest entries (resource ids 1..25).
    expect(first.body.map((e: { resourceId: string }) => Number(e.resourceId))).toEqual(
      Array.from({ length: 25 }, (_, i) => i + 1),
    );
    const middle = await page(big, [7_500, 7_524]);
    expect(middle.body.map((e: { resourceId: string }) => Number(e.resourceId))).toEqual(
      Array.from({ length: 25 }, (_, i) => 7_501 + i),
    );
    const last = await page(big, [BIG - 25, BIG - 1]);
    expect(last.body.map((e: { resourceId: string }) => Number(e.resourceId))).toEqual(
      Array.from({ length: 25 }, (_, i) => BIG - 24 + i),
    );
  });

  it('pages a list too long to count to its last rows by the estimated total it shows', async () => {
    const resourceIds = (response: request.Response) =>
      response.body.map((e: { resourceId: string }) => Number(e.resourceId));
    const total = totalOf(await page(huge, [0, 24]));
    expect(total).toBeGreaterThan(EXACT_LIST_TOTAL);
    expect(total).toBeGreaterThan(HUGE * 0.8);
    expect(total).toBeLessThan(HUGE * 1.2);
    // react-admin's last page by that total: it starts on a multiple of 25 and may hold fewer rows.
    const lastStart = Math.floor((total - 1) / 25) * 25;
    const last = await page(huge, [lastStart, lastStart + 24]);
    expect(totalOf(last)).toBe(total);
    expect(resourceIds(last)).toEqual(
      Array.from({ length: total - lastStart }, (_, i) => HUGE - (total - lastStart) + 1 + i),
    );
    // The page before it joins it: the oldest entries, without a gap or a repeat.
    const before = await page(huge, [lastStart - 25, lastStart - 1]);
    expect(resourceIds(before)).toEqual(
      Array.from({ length: 25 }, (_, i) => HUGE - (total - lastStart) - 24 + i),
    );
    // Past the estimated end nothing is answered, as for any list.
    const beyond = await page(huge, [total + 25, total + 49]);
    expect(beyond.body).toEqual([]);
  });
});
