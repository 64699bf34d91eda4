import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { reviews, users } from '../../src/database/schema';
import { createTestApp } from '../app';
import { openTestDb } from '../db';

describe('GET /api/v1/schema-rating', () => {
  const { db, close } = openTestDb();
  let app: NestFastifyApplication;

  beforeAll(async () => {
    await db.execute(sql`DELETE FROM reviews`);
    app = await createTestApp();
  });
  afterAll(async () => {
    await db.execute(
      sql`DELETE FROM reviews WHERE user_id IN (SELECT id FROM users WHERE username = 'rating.test')`,
    );
    await db.execute(sql`DELETE FROM users WHERE username = 'rating.test'`);
    await app.close();
    await close();
  });

  it('answers a valid aggregate with zero counts when there is no review', async () => {
    const response = await request(app.getHttpServer()).get('/api/v1/schema-rating').expect(200);
    expect(response.body).toEqual({
      ratingValue: 0,
      ratingCount: 0,
      reviewCount: 0,
      bestRating: 5,
      worstRating: 1,
    });
  });

  it('aggregates only published reviews', async () => {
    const [pro] = await db
      .insert(users)
      .values({
        username: 'rating.test',
        email: 'rating.test@example.fr',
        firstName: 'Test',
        lastName: 'Rating',
        userUri: 'rating-test',
      })
      .returning({ id: users.id });
    await db.insert(reviews).values([
      { userId: pro.id, rating: 5, status: 'published', publishedAt: new Date() },
      { userId: pro.id, rating: 4, status: 'published', publishedAt: new Date() },
      { userId: pro.id, rating: 4, status: 'published', publishedAt: new Date() },
      { userId: pro.id, rating: 1, status: 'pending' },
      { userId: pro.id, rating: 1, status: 'rejected' },
    ]);
    const response = await request(app.getHttpServer()).get('/api/v1/schema-rating').expect(200);
    expect(response.body).toEqual({
      ratingValue: 4.3,
      ratingCount: 3,
      reviewCount: 3,
      bestRating: 5,
      worstRating: 1,
    });
  });

  it('is protected by the database: a rating outside 1..5 is rejected', async () => {
    const [pro] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.username} = 'rating.test'`);
    await expect(
      db.insert(reviews).values({ userId: pro.id, rating: 6, status: 'published' }),
    ).rejects.toThrow();
  });
});
