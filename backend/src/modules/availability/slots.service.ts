import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../../common/domain-error';
import {
  type BookingMotiveDto,
  LOCAL_DATE,
  type NextSlotsDto,
  type SlotsDto,
  type SlotsQueryDto,
} from './availability.dto';
import {
  AvailabilityRepository,
  type BlockRow,
  type SlotContextRow,
  type UserAvailabilityRow,
} from './availability.repository';
import { holidayCountryOf, invalid, offeredModes, requireProfessional, safeLocalDate } from './agenda-rules';
import {
  type AppointmentMode,
  computeNextSlots,
  computeSlots,
  type InstantRange,
  type SlotInput,
  type SlotMotive,
} from './slot-calculator';
import { DAY_MS, ZoneClock } from './zone-clock';

/** Longest range a slots request may ask for. */
export const MAX_SLOT_RANGE_DAYS = 90;
/** Directory cards: first look this far, then (for the professionals still short of slots) up to the max. */
const NEXT_SLOTS_FIRST_DAYS = 4;
const NEXT_SLOTS_MAX_DAYS = 60;
/** Blocks are read a little beyond the window: a slot starting just before `to` may end after it. */
const BLOCK_MARGIN_MS = DAY_MS;
/** The start times a booking may take: where the slot engine rounds free ranges (START_GRID_MS). */
const BOOKABLE_START_STEP_MINUTES = 5;

/** The slot a booking asks for (`findFreeSlot`). */
export interface FreeSlotRequest {
  userId: string;
  motiveId: string;
  start: Date;
  mode?: AppointmentMode;
  calendarId?: string;
}

/** A free slot at booking: its range, calendar and zone. */
export interface FreeSlot {
  start: string;
  end: string;
  calendarId: string;
  timezone: string;
  durationMinutes: number;
}

/** One professional's slot context as `SlotsService.freeSlotQuery` reads it (opaque to other modules). */
export type FreeSlotContext = SlotContextRow;

/**
 * The slot queries: what a visitor can book (motives, free slots, the next slots of directory cards) and the
 * booking-time check of one slot. The only part of the availability module other modules need.
 */
@Injectable()
export class SlotsService {
  constructor(private readonly repository: AvailabilityRepository) {}

  private requireUser(userId: string): Promise<UserAvailabilityRow> {
    return requireProfessional(this.repository, userId);
  }

  // ---- public reads ----------------------------------------------------------------------------------------

  /** The motives a visitor can book (booking dialog, step "motif"): active ones with at least one mode on. */
  async bookingMotives(userId: string): Promise<BookingMotiveDto[]> {
    const user = await this.requireUser(userId);
    if (!user.isPublic || !user.acceptsOnlineBooking) return [];
    const motives = await this.repository.listMotives(userId);
    return motives
      .filter((m) => m.isActive)
      .map((m) => ({
        id: m.id,
        title: m.title,
        durationMinutes: m.durationMinutes,
        modes: offeredModes(m, user),
        priceCents: m.priceCents,
        paymentRule: m.paymentRule,
        cancellationDeadlineHours: m.cancellationDeadlineHours,
        lateCancellationRefund: m.lateCancellationRefund,
        acceptsLegalAid: m.acceptsLegalAid,
      }))
      .filter((m) => m.modes.length > 0);
  }

  /**
   * For booking: the free slot of this motive starting exactly at `start`, computed with the same
   * rules as the public read (on a 5-minute grid), or null when it is not free (taken, closed, too soon, too
   * far, wrong mode).
   * An application check for a clear message; the exclusion constraint on appointments is the guarantee.
   */
  async findFreeSlot(request: FreeSlotRequest, now = new Date()): Promise<FreeSlot | null> {
    const [context] = await this.repository.slotContexts(...this.freeSlotWindow(request));
    return this.freeSlotIn(context, request, now);
  }

  /**
   * The read `findFreeSlot` makes, for a caller that sends it inside a statement of its own (the client's
   * booking reads it with the parties and the motive's terms: one round trip). `text` uses $1 to $7 ($2: the
   * motive). Its one row (or none) goes to `freeSlotIn`.
   */
  freeSlotQuery(request: FreeSlotRequest): { text: string; values: unknown[] } {
    return {
      text: this.repository.oneSlotContextStatement(),
      values: this.repository.slotContextsValues(...this.freeSlotWindow(request)),
    };
  }

  /** The arguments of `slotContexts` for one slot: the whole day around `start` (where a free range starts decides the grid of start times). */
  private freeSlotWindow(request: FreeSlotRequest): Parameters<AvailabilityRepository['slotContexts']> {
    // An invalid start reads some window all the same (`freeSlotIn` answers null for it).
    const startMs = Number.isNaN(request.start.getTime()) ? 0 : request.start.getTime();
    const day = (offset: number) => new Date(startMs + offset * DAY_MS).toISOString().slice(0, 10);
    return [
      [request.userId],
      request.motiveId,
      request.calendarId ?? null,
      day(-1),
      day(1),
      {
        from: new Date(startMs - DAY_MS - BLOCK_MARGIN_MS),
        to: new Date(startMs + DAY_MS + BLOCK_MARGIN_MS),
      },
    ];
  }

  /** `findFreeSlot` on the row its query read (undefined: no such professional). */
  freeSlotIn(
    context: SlotContextRow | undefined,
    request: FreeSlotRequest,
    now = new Date(),
  ): FreeSlot | null {
    const startMs = request.start.getTime();
    if (Number.isNaN(startMs)) return null;
    if (!context || !context.calendarId || !context.motive || context.motive.id !== request.motiveId)
      return null;
    const base = engineInput(context, request.mode);
    if (!base) return null;
    // Any 5-minute start where the whole appointment still fits is bookable, not only the motive's grid of
    // the moment: an earlier booking or a synced event shifts that grid, and a client who picked 09:00 from
    // a page loaded a minute before must not be refused a time that is still free.
    const [slot] = computeSlots({
      ...base,
      busy: toRanges(context.blocks),
      from: startMs,
      to: startMs + 1,
      now,
      stepMinutes: BOOKABLE_START_STEP_MINUTES,
    });
    if (!slot || Date.parse(slot.start) !== startMs) return null;
    return {
      ...slot,
      calendarId: context.calendarId,
      timezone: context.timezone,
      durationMinutes: context.motive.durationMinutes,
    };
  }

  // ---- public slot reads -----------------------------------------------------------------------------------

  /** Free slots of one professional: one SQL query (context and blocks together). */
  async slots(userId: string, query: SlotsQueryDto, now = new Date()): Promise<SlotsDto> {
    const range = parseRequestedRange(query.from, query.to, now);
    // One round trip: the blocks window is padded by a day on each side, so it covers the local dates
    // asked whatever the professional's offset.
    const [context] = await this.repository.slotContexts(
      [userId],
      query.motiveId ?? null,
      query.calendarId ?? null,
      range.fromDateBound,
      range.toDateBound,
      range.blocksWindow,
    );
    if (!context) throw new NotFoundError('USER_NOT_FOUND', 'Professionnel introuvable');
    if (query.motiveId && (!context.motive || !context.motive.isActive))
      throw invalid('UNKNOWN_MOTIVE', 'Motif inconnu');
    if (query.calendarId && !context.calendarId) throw invalid('UNKNOWN_CALENDAR', 'Calendrier inconnu');

    const clock = ZoneClock.of(context.timezone);
    const from = range.from(clock);
    const to = range.to(clock, from);
    if (!(to > from)) throw invalid('INVALID_RANGE', 'La fin de la période doit être après son début');
    if (to - from > MAX_SLOT_RANGE_DAYS * DAY_MS + 2 * 3_600_000) {
      throw invalid(
        'RANGE_TOO_LONG',
        `La période demandée ne peut pas dépasser ${MAX_SLOT_RANGE_DAYS} jours`,
      );
    }
    const answer: SlotsDto = {
      userId,
      motiveId: context.motive?.id ?? null,
      calendarId: context.calendarId,
      timezone: context.timezone,
      slots: [],
    };
    const base = engineInput(context, query.mode);
    if (!base) return answer;
    answer.slots = computeSlots({ ...base, busy: toRanges(context.blocks), from, to, now });
    return answer;
  }

  /**
   * The next free slots of up to 20 professionals (directory cards), first active motive and default
   * calendar of each: at most 2 SQL queries whatever the number of professionals (contexts with the blocks of
   * the first days; then blocks up to 60 days for those still short of slots).
   */
  async nextSlots(userIds: string[], limit: number, now = new Date()): Promise<NextSlotsDto> {
    const ids = [...new Set(userIds)];
    const nowMs = now.getTime();
    const dayBefore = new Date(nowMs - DAY_MS).toISOString().slice(0, 10);
    const lastDay = new Date(nowMs + (NEXT_SLOTS_MAX_DAYS + 1) * DAY_MS).toISOString().slice(0, 10);
    // Query 1: every context with its blocks of the first window.
    const contexts = await this.repository.slotContexts(ids, null, null, dayBefore, lastDay, {
      from: new Date(nowMs - BLOCK_MARGIN_MS),
      to: new Date(nowMs + NEXT_SLOTS_FIRST_DAYS * DAY_MS + BLOCK_MARGIN_MS),
    });
    const byUser = new Map(contexts.map((c) => [c.userId, c]));
    const inputs = new Map<string, Omit<SlotInput, 'from' | 'to' | 'now'>>();
    for (const context of contexts) {
      const input = engineInput(context, undefined);
      // No weekly range open to the motive: no slot ever, no need to look further.
      if (input && hasOpenRange(input)) inputs.set(context.userId, input);
    }

    const run = (userId: string, blocks: InstantRange[], days: number) =>
      computeNextSlots({ ...inputs.get(userId)!, busy: blocks, now: nowMs, limit, searchDays: days });

    const results = new Map<string, ReturnType<typeof run>>();
    const eligible = [...inputs.keys()];
    const calendarsOf = (list: string[]) => list.map((id) => byUser.get(id)!.calendarId!);
    const firstBlocks = new Map(eligible.map((id) => [id, toRanges(byUser.get(id)!.blocks)]));
    const shortOf: string[] = [];
    for (const userId of eligible) {
      const slots = run(userId, firstBlocks.get(userId) ?? [], NEXT_SLOTS_FIRST_DAYS);
      results.set(userId, slots);
      if (slots.length < limit) shortOf.push(userId);
    }
    if (shortOf.length > 0) {
      const moreBlocks = groupBlocks(
        await this.repository.blocks(
          shortOf,
          calendarsOf(shortOf),
          new Date(nowMs + NEXT_SLOTS_FIRST_DAYS * DAY_MS - BLOCK_MARGIN_MS),
          new Date(nowMs + NEXT_SLOTS_MAX_DAYS * DAY_MS + BLOCK_MARGIN_MS),
        ),
      );
      // Query 2 (only for professionals still short of slots): blocks up to the end of the search.
      for (const userId of shortOf) {
        const blocks: InstantRange[] = [
          ...(firstBlocks.get(userId) ?? []),
          ...(moreBlocks.get(userId) ?? []),
        ];
        results.set(userId, run(userId, blocks, NEXT_SLOTS_MAX_DAYS));
      }
    }

    return {
      items: ids
        .filter((id) => byUser.has(id))
        .map((id) => ({ ...emptyItem(byUser.get(id)!), slots: results.get(id) ?? [] })),
    };
  }
}

/** The engine's input for a professional, or null when nothing can be offered (inactive, no motive...). */
function engineInput(
  context: SlotContextRow,
  mode: AppointmentMode | undefined,
): Omit<SlotInput, 'from' | 'to' | 'now'> | null {
  const { motive } = context;
  if (
    !context.isPublic ||
    !context.acceptsOnlineBooking ||
    !motive ||
    !motive.isActive ||
    !context.calendarId
  )
    return null;
  const modes = offeredModes(motive, context);
  if (modes.length === 0 || (mode && !modes.includes(mode))) return null;
  const slotMotive: SlotMotive = {
    id: motive.id,
    durationMinutes: motive.durationMinutes,
    noticeMinutes: motive.noticeMinutes,
    notBeforeHour: motive.notBeforeHour,
    notAfterMonths: motive.notAfterMonths,
    modes,
  };
  return {
    timeZone: context.timezone,
    weeklyRules: context.rules,
    motive: slotMotive,
    mode,
    amplitude:
      context.amplitudeStart || context.amplitudeEnd
        ? { start: context.amplitudeStart ?? '00:00', end: context.amplitudeEnd ?? '24:00' }
        : null,
    holidays: context.holidays,
    holidayCountry: holidayCountryOf(context.holidayCountry, context.country),
    workedHolidayMonths: context.workedMonths,
  };
}

function hasOpenRange(input: Omit<SlotInput, 'from' | 'to' | 'now'>): boolean {
  return input.weeklyRules.some(
    (rule) => !rule.motiveIds || rule.motiveIds.length === 0 || rule.motiveIds.includes(input.motive.id),
  );
}

function emptyItem(context: SlotContextRow) {
  return {
    userId: context.userId,
    timezone: context.timezone,
    motiveId: context.motive?.id ?? null,
    slots: [],
  };
}

function toRanges(pairs: Array<[number, number]> | null): InstantRange[] {
  return (pairs ?? []).map(([start, end]) => ({ start, end }));
}

function groupBlocks(rows: BlockRow[]): Map<string, BlockRow[]> {
  const map = new Map<string, BlockRow[]>();
  for (const row of rows) {
    let list = map.get(row.userId);
    if (!list) map.set(row.userId, (list = []));
    list.push(row);
  }
  return map;
}

/**
 * `from` / `to` of a slots request: local dates (AAAA-MM-JJ, read in the professional's zone once it is
 * known; `to` included) or ISO instants (`to` excluded). Format errors are found before any query.
 */
function parseRequestedRange(fromText: string | undefined, toText: string | undefined, now: Date) {
  const read = (text: string, name: string): { date: number } | { instant: number } => {
    if (LOCAL_DATE.test(text)) return { date: safeLocalDate(text) };
    if (/^\d{4}-\d{2}-\d{2}T/.test(text)) {
      const instant = Date.parse(text);
      if (!Number.isNaN(instant)) return { instant };
    }
    throw invalid('VALIDATION_FAILED', `${name} doit être une date AAAA-MM-JJ ou une date et heure ISO 8601`);
  };
  const fromValue = fromText === undefined ? { instant: now.getTime() } : read(fromText, 'from');
  const toValue = toText === undefined ? undefined : read(toText, 'to');
  const utcDate = (v: { date: number } | { instant: number }) => ('date' in v ? v.date : v.instant);
  const fromBound = utcDate(fromValue) - DAY_MS;
  const toBound = toValue ? utcDate(toValue) + 2 * DAY_MS : utcDate(fromValue) + 9 * DAY_MS;
  if (
    toValue &&
    ('date' in toValue && 'date' in fromValue
      ? toValue.date < fromValue.date
      : utcDate(toValue) <= utcDate(fromValue) - DAY_MS)
  ) {
    throw invalid('INVALID_RANGE', 'La fin de la période doit être après son début');
  }
  if (toValue && utcDate(toValue) - utcDate(fromValue) > (MAX_SLOT_RANGE_DAYS + 1) * DAY_MS) {
    throw invalid('RANGE_TOO_LONG', `La période demandée ne peut pas dépasser ${MAX_SLOT_RANGE_DAYS} jours`);
  }
  return {
    blocksWindow: { from: new Date(fromBound), to: new Date(Math.max(toBound, fromBound + DAY_MS)) },
    fromDateBound: new Date(fromBound).toISOString().slice(0, 10),
    toDateBound: new Date(toBound).toISOString().slice(0, 10),
    from: (clock: ZoneClock) => ('date' in fromValue ? clock.toInstant(fromValue.date) : fromValue.instant),
    to: (clock: ZoneClock, from: number) => {
      if (!toValue) return from + 7 * DAY_MS;
      return 'date' in toValue ? clock.toInstant(toValue.date + DAY_MS) : toValue.instant;
    },
  };
}
