import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { loadDepartments } from '../../src/database/seed/reference-data';
import { seed } from '../../src/database/seed';
import { createTestApp } from '../app';
import { openTestDb } from '../db';

interface Card {
  userUri: string;
  accepts_online_booking: boolean;
  modes: { in_person: boolean; visio: boolean; phone: boolean };
  specialities: Array<{ slug: string }>;
  city: { cityUri: string } | null;
  nextSlots: Array<{ start: string }>;
}
interface Answer {
  items: Card[];
  total: number;
  nearby: {
    radiusKm: number;
    widenedFromKm: number | null;
    items: Array<Card & { distanceKm: number }>;
  } | null;
  remote: { items: Card[] } | null;
}

const FAMILY = 'droit-de-la-famille-des-personnes-et-de-leur-patrimoine';
const bookable = (cards: Card[]) => cards.filter((card) => card.nextSlots.length > 0);
const everyCard = (answer: Answer) => [
  ...answer.items,
  ...(answer.nearby?.items ?? []),
  ...(answer.remote?.items ?? []),
];

/**
 * With the demo data (60 professionals in 20 big cities), most of France has nobody within 50 km. Searched from
 * every department's chief town, with no speciality and with each speciality in turn, an answer must still offer
 * a slot to book whenever a professional of the directory consults remotely in that speciality.
 */
describe('Directory search in thin regions: wider radius, remote professionals (demo data)', () => {
  const { db, close } = openTestDb();
  let app: NestFastifyApplication;
  /** The specialities someone of the demo offers by video or phone with online booking. */
  let remoteSpecialities: string[];
  const search = (query: Record<string, string | number>) =>
    request(app.getHttpServer())
      .get('/api/v1/search')
      .query({ perPage: 10, ...query });

  beforeAll(async () => {
    await seed(db, { sector: 'lawyer' });
    app = await createTestApp();
    const { rows } = await db.execute<{ slug: string }>(sql`
      SELECT DISTINCT s.slug FROM specialities s
      JOIN user_specialities us ON us.speciality_id = s.id JOIN users u ON u.id = us.user_id
      WHERE u.is_demo AND u.is_public AND u.accepts_online_booking AND (u.visio_enabled OR u.phone_enabled)
      ORDER BY s.slug`);
    remoteSpecialities = rows.map((row) => row.slug);
  }, 180_000);
  afterAll(async () => {
    await app.close();
    await close();
  });

  it('leaves no chief town without a slot to book, with or without a speciality', async () => {
    const chiefTowns = await db.execute<{ city_uri: string; name: string }>(sql`
      SELECT city_uri, name FROM cities
      WHERE insee_code = ANY(${sql.param(loadDepartments().map((department) => (department as { chefLieu?: string }).chefLieu ?? ''))}::text[])
      ORDER BY insee_code`);
    expect(chiefTowns.rows.length).toBeGreaterThanOrEqual(100);
    expect(remoteSpecialities.length).toBeGreaterThan(3);
    expect(remoteSpecialities).toContain(FAMILY);
    const deadEnds: string[] = [];
    // What made each search bookable: the commune and its 50 km, a wider radius, or only the remote section.
    const reached = { withinFifty: 0, widened: 0, remoteOnly: 0 };
    for (const [index, town] of chiefTowns.rows.entries()) {
      // Every speciality is tried from several towns; family law (the demo account's) from all of them.
      const tried = [undefined, FAMILY, remoteSpecialities[index % remoteSpecialities.length]];
      for (const speciality of tried) {
        const res = await search({ cityUri: town.city_uri, ...(speciality ? { speciality } : {}) });
        expect(res.status).toBe(200);
        const answer = res.body as Answer;
        const around = answer.nearby?.items ?? [];
        if (bookable([...answer.items, ...around.filter((card) => card.distanceKm <= 50)]).length > 0)
          reached.withinFifty++;
        else if (bookable(around).length > 0) reached.widened++;
        else if (bookable(answer.remote?.items ?? []).length > 0) reached.remoteOnly++;
        else deadEnds.push(`${town.name} ${speciality ?? ''}`);
        // The speciality is kept in every section.
        if (speciality)
          for (const card of everyCard(answer))
            expect(card.specialities.map((s) => s.slug)).toContain(speciality);
      }
    }
    process.stdout.write(
      `thin regions: ${chiefTowns.rows.length} chief towns x 3 searches: ${JSON.stringify(reached)}, ${deadEnds.length} dead ends\n`,
    );
    expect(deadEnds).toEqual([]);
    expect(reached.widened).toBeGreaterThan(0);
    expect(reached.remoteOnly).toBeGreaterThan(0);
  }, 600_000);

  it('Plouzané, family law: nobody within 50 km, the search says how far it went and lists remote lawyers, soonest first', async () => {
    const res = await search({ cityUri: 'plouzane', speciality: FAMILY }).expect(200);
    const answer = res.body as Answer;
    expect(answer.total).toBe(0);
    // Nobody within 200 km of the tip of Brittany in the demo: the search says it looked that far.
    expect(answer.nearby).toMatchObject({ widenedFromKm: 50, radiusKm: 200, countWithinAsked: 0 });
    const remote = answer.remote!.items;
    expect(remote.length).toBeGreaterThan(0);
    for (const card of remote) {
      expect(card.modes.visio || card.modes.phone).toBe(true);
      expect(card.accepts_online_booking).toBe(true);
    }
    const starts = remote.filter((card) => card.nextSlots.length > 0).map((card) => card.nextSlots[0].start);
    expect(starts.length).toBeGreaterThan(0);
    expect(starts.map((start) => Date.parse(start))).toEqual(
      starts.map((start) => Date.parse(start)).sort((a, b) => a - b),
    );
    // Nobody twice on the page.
    const uris = everyCard(answer).map((card) => card.userUri);
    expect(new Set(uris).size).toBe(uris.length);
  });
});
