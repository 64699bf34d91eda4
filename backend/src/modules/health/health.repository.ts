import { Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { InjectDb } from '../../database/database.module';
import type { Database } from '../../database/database.types';

@Injectable()
export class HealthRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  async selectOne(): Promise<void> {
    await this.db.execute(sql`SELECT 1`);
  }
}
