import { Injectable } from '@nestjs/common';
import { asc } from 'drizzle-orm';
import { InjectDb } from '../../database/database.module';
import type { Database } from '../../database/database.types';
import { specialities } from '../../database/schema';

@Injectable()
export class ReferenceRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  listSpecialities() {
    return this.db
      .select({ id: specialities.id, slug: specialities.slug, name: specialities.name })
      .from(specialities)
      .orderBy(asc(specialities.position), asc(specialities.name));
  }
}
