import { Injectable, Logger, Module } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { AvailabilityModule, SlotsService } from '../availability';
import { Clock } from '../identity';
import { NextFreeSlotsRepository } from './next-free-slots.repository';

/**
 * What one refresher run reads at most: the change marks (oldest first; the rest wait for the next run), the
 * stored slots time has passed, and a sweep of the longest unchecked professionals (never checked first: the
 * professionals the migration gave the column to, new accounts). The sweep goes on in batches while the run
 * is under `sweepBudgetMs` and professionals never computed remain, so a fresh database is filled within
 * minutes; once filled, a run sweeps one batch and every professional is checked once every (professionals /
 * sweep) minutes.
 */
export const NEXT_FREE_SLOT_LIMITS = {
  changeMarks: 10_000,
  passed: 2_000,
  sweep: 200,
  sweepBudgetMs: 20_000,
};
export type NextFreeSlotLimits = typeof NEXT_FREE_SLOT_LIMITS;

/** The engine is asked for this many professionals at once (one query for all their calendars). */
const BATCH = 100;

/** What one run read and computed. */
export interface NextFreeSlotRun {
  marks: number;
  passed: number;
  swept: number;
  computed: number;
}

/**
 * Next-slot refresher (worker, every minute): keeps `users.next_free_slot_at`, the order of the directory's
 * "soonest slot first" search, close to the truth. It recomputes the first free slot of the professionals a
 * trigger marked (whatever took or freed a slot, `next_slot_changes`), of those whose stored slot time has
 * passed, and of a sweep of the longest unchecked. Marks are read before the slots are computed and forgotten
 * after they are stored: a change committed during the run keeps its mark for the next one.
 */
@Injectable()
export class NextFreeSlotsRefresher {
  private readonly logger = new Logger(NextFreeSlotsRefresher.name);
  private running = false;
  /** The figures of the last run (logs, tests). */
  lastRun: NextFreeSlotRun | undefined;

  constructor(
    private readonly repository: NextFreeSlotsRepository,
    private readonly slots: SlotsService,
    private readonly clock: Clock,
  ) {}

  @Cron('5 * * * * *', { name: 'next-free-slots' })
  async tick(): Promise<void> {
    // A long first run (filling the column) must not be joined by the next minute's.
    if (this.running) return;
    this.running = true;
    try {
      await this.refresh();
      this.logger.debug(`next free slots: ${JSON.stringify(this.lastRun)}`);
    } catch (error) {
      this.logger.warn(`next free slots failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      this.running = false;
    }
  }

  async refresh(
    now = this.clock.now(),
    limits: NextFreeSlotLimits = NEXT_FREE_SLOT_LIMITS,
  ): Promise<NextFreeSlotRun> {
    const started = Date.now();
    const marks = await this.repository.changeMarks(limits.changeMarks);
    const marked = [...new Set(marks.map((mark) => mark.user_id))];
    const passed = await this.repository.passed(now, limits.passed);
    const urgent = [...new Set([...marked, ...passed])];
    await this.compute(urgent, now);
    await this.repository.forgetChangeMarks(marks.map((mark) => mark.id));
    // The sweep: one batch of the longest unchecked, then more batches only while some were never computed
    // (after the migration, new accounts), within the run's budget: a filled market costs one batch a minute.
    let swept = 0;
    for (;;) {
      const batch = await this.repository.longestUnchecked(limits.sweep, now);
      if (batch.ids.length === 0) break;
      await this.compute(batch.ids, now);
      swept += batch.ids.length;
      if (!batch.moreNeverChecked || Date.now() - started >= limits.sweepBudgetMs) break;
    }
    this.lastRun = { marks: marks.length, passed: passed.length, swept, computed: urgent.length + swept };
    return this.lastRun;
  }

  private async compute(userIds: string[], now: Date): Promise<void> {
    for (let i = 0; i < userIds.length; i += BATCH) {
      const ids = userIds.slice(i, i + BATCH);
      const { items } = await this.slots.nextSlots(ids, 1, now);
      const first = new Map(items.map((item) => [item.userId, item.slots[0]?.start ?? null]));
      await this.repository.store(
        ids.map((userId) => ({ userId, start: first.get(userId) ?? null })),
        now,
      );
    }
  }
}

/** Worker side of the stored next free slots. Import only in WorkerModule. */
@Module({
  imports: [AvailabilityModule],
  providers: [NextFreeSlotsRefresher, NextFreeSlotsRepository],
  exports: [NextFreeSlotsRefresher],
})
export class NextFreeSlotsWorkerModule {}
