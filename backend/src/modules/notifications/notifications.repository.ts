import { Injectable } from '@nestjs/common';
import type { DbOrTx } from '../../database/database.types';
import { processedJobs } from '../../database/schema';

@Injectable()
export class ProcessedJobsRepository {
  /** Records `jobKey`; false when it was already recorded (the job's effect was applied before). */
  async claim(tx: DbOrTx, jobKey: string): Promise<boolean> {
    const rows = await tx
      .insert(processedJobs)
      .values({ jobKey })
      .onConflictDoNothing()
      .returning({ jobKey: processedJobs.jobKey });
    return rows.length === 1;
  }
}
