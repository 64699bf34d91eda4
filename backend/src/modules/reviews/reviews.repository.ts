import { Injectable } from '@nestjs/common';
import { avg, count, eq } from 'drizzle-orm';
import { InjectDb } from '../../database/database.module';
import type { Database } from '../../database/database.types';
import { reviews } from '../../database/schema';

@Injectable()
export class ReviewsRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  async publishedAggregate(): Promise<{ average: number | null; ratings: number }> {
    const [row] = await this.db
      .select({
        average: avg(reviews.rating),
        ratings: count(),
      })
      .from(reviews)
      .where(eq(reviews.status, 'published'));
    return { average: row.average === null ? null : Number(row.average), ratings: row.ratings };
  }
}
