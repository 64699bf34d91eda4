import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '../../common/domain-error';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { type AppointmentRecord, AppointmentRecords } from '../appointments';
import type { Transaction } from '../../database/database.types';
import { sendWithNextStatement } from '../../database/pipelined-transaction';
import { type AuthenticatedAccount, type EventAction, EventActionTokens } from '../identity';
import { VisioLinksService } from '../visio';
import { PaymentsService } from '../payments';
import { presentAppointment } from './appointment.presenter';
import {
  forbiddenAccount,
  invalidEventAction,
  invalidTransition,
  professionalNotFound,
  slotHeldForProfessional,
} from './booking-errors';
import { assertAppointmentRange, formatAddress, newRefAppointment, stateMessage } from './booking-rules';
import { isUuid } from '@rdv/sectors';
import { BookingRefusal } from './booking-refusal';
import { BookingWrites } from './booking-writes';
import { LiveBusyCheck } from '../calendar-sync';
import { bookingsTotal } from '../../observability/metrics';
import type {
  AppointmentDto,
  AppointmentMessageDto,
  AppointmentPageDto,
  CreateEventByHandDto,
  EventsQueryDto,
  MoveEventDto,
} from './booking.dto';
import { BookingRepository, type NewAppointment } from './booking.repository';

/** Where a move puts an appointment: the new start, and the given end or the same duration as now. */
function movedRange(
  dto: MoveEventDto,
  current: { startsAt: Date; endsAt: Date },
): { start: Date; end: Date } {
  const start = new Date(dto.start);
  const end = dto.end
    ? new Date(dto.end)
    : new Date(start.getTime() + (current.endsAt.getTime() - current.startsAt.getTime()));
  return { start, end };
}

/**
 * The professional's side of booking: their agenda's list, appointments they enter by hand, and the
 * decisions on a booking (validate, refuse, cancel, move), from the app or from the signed links of the
 * request mail.
 */
@Injectable()
export class ProfessionalBookingService {
  private readonly actionTokens: EventActionTokens;

  constructor(
    private readonly repository: BookingRepository,
    private readonly writes: BookingWrites,
    private readonly records: AppointmentRecords,
    private readonly visio: VisioLinksService,
    private readonly calendarCheck: LiveBusyCheck,
    private readonly payments: PaymentsService,
    private readonly refusal: BookingRefusal,
    @Inject(ENV) env: Env,
  ) {
    this.actionTokens = new EventActionTokens(env.JWT_SECRET);
  }

  async listForUser(
    account: AuthenticatedAccount,
    userId: string,
    query: EventsQueryDto,
  ): Promise<AppointmentPageDto> {
    if (account.id !== userId) throw forbiddenAccount();
    const page = query.page ?? 1;
    const limit = query.limit ?? 20;
    const { rows, total } = await this.records.listForUser(
      userId,
      {
        group: query.group,
        from: query.from ? new Date(query.from) : undefined,
        to: query.to ? new Date(query.to) : undefined,
        now: new Date(),
      },
      { offset: (page - 1) * limit, limit },
    );
    return { data: rows.map((r) => presentAppointment(r, 'professional')), total, page, limit };
  }

  async createByHand(
    account: AuthenticatedAccount,
    userId: string,
    dto: CreateEventByHandDto,
  ): Promise<AppointmentDto> {
    if (account.id !== userId) throw forbiddenAccount();
    const pro = await this.repository.professional(userId);
    if (!pro) throw professionalNotFound();
    const motive = dto.motive_id ? await this.repository.motive(userId, dto.motive_id) : undefined;
    if (dto.motive_id && !motive) throw new DomainError('UNKNOWN_MOTIVE', 'Motif inconnu', 400);
    const calendarId = await this.repository.calendarFor(userId, dto.calendar_id);
    if (!calendarId)
      throw new DomainError(
        'UNKNOWN_CALENDAR',
        dto.calendar_id ? 'Calendrier inconnu' : 'Créez d’abord un calendrier',
        400,
      );
    const start = new Date(dto.start);
    const end = dto.end
      ? new Date(dto.end)
      : motive
        ? new Date(start.getTime() + motive.durationMinutes * 60_000)
        : undefined;
    if (!end) throw new DomainError('END_REQUIRED', 'Indiquez la fin du rendez-vous ou un motif', 400);
    assertAppointmentRange(start, end);
    const prepared: Omit<NewAppointment, 'attendeeId'> = {
      refAppointment: newRefAppointment(),
      userId,
      calendarId,
      motiveId: motive?.id ?? null,
      mode: dto.mode,
      status: 'confirmed',
      startsAt: start,
      endsAt: end,
      title: dto.title?.trim() || motive?.title || null,
      location: dto.mode === 'in_person' ? formatAddress(pro) : null,
      timezone: pro.timezone,
      notes: dto.notes?.trim() || null,
      createdBy: 'user',
      // Jitsi or the own link at once; Meet and Teams create theirs with the calendar event at validation.
      visioUrl: dto.mode === 'visio' ? await this.visio.linkAtBooking(userId) : null,
    };
    // The professional's own calendars first (cached or asked live, before the lock): a 409 names them.
    await this.calendarCheck.assertNoConflictForProfessional(
      userId,
      start,
      end,
      dto.confirmConflict === true,
    );
    const created = await this.writes.transaction(async (tx) => {
      await this.repository.lockAgenda(tx, userId);
      const contact = {
        firstName: dto.first_name?.trim() || null,
        lastName: dto.last_name?.trim() || null,
        phone: dto.phone?.replace(/[ .-]/g, '') || null,
        phoneCountryCode: dto.phone_country_code ?? null,
      };
      // The address links the appointment to the client's account (their mails, their list); what the
      // professional is shown of the client stays what they typed here.
      const attendeeId = await this.repository.findOrCreateAttendee(tx, { email: dto.email, ...contact });
      const body = await this.writes.insertBooking(tx, { ...prepared, attendeeId, contact });
      return {
        ...body,
        attendee: body.attendee ? { ...body.attendee, email: dto.email.trim().toLowerCase() } : null,
      };
    });
    bookingsTotal.inc({ outcome: 'created' });
    return created;
  }

  async validate(
    account: AuthenticatedAccount | undefined,
    id: string,
    confirmConflict = false,
  ): Promise<AppointmentMessageDto> {
    // The professional validating in the app sees a conflict with their own calendars first (409), and may
    // confirm anyway; read before the lock (see LiveBusyCheck). One statement reads the record, the cached
    // conflicts of the range it asks and whether there are calendars to ask live.
    const context =
      account && isUuid(id)
        ? await this.repository.validationContext(
            id,
            (userId, start, end) => this.calendarCheck.cachedConflictsSql(userId, start, end),
            (userId) => this.calendarCheck.calendarsToAskSql(userId),
          )
        : undefined;
    const pending = context?.record;
    const asked =
      pending?.status === 'pending'
        ? pending
        : pending?.status === 'confirmed' && pending.proposal
          ? pending.proposal
          : undefined;
    if (context && pending && asked && pending.userId === account?.id)
      await this.calendarCheck.assertNoConflictForProfessional(
        pending.userId,
        asked.startsAt,
        asked.endsAt,
        confirmConflict,
        { cached: context.cachedConflicts, calendarsToAsk: context.calendarsToAsk },
      );
    let validated = false;
    const answer = await this.writes.transaction(async (tx) => {
      // The agenda lock, the record and the payment row (locked for the validation) in one round trip; the
      // payment's refusals come after the record's, as when it was read after them.
      let paymentLock: ReturnType<PaymentsService['lockForValidation']> | undefined;
      const record = await this.writes.ownedForUpdate(
        tx,
        account,
        id,
        () => (paymentLock = this.payments.lockForValidation(tx, id)),
      );
      if (record.status === 'confirmed' && record.proposal) return this.acceptMove(tx, record);
      if (record.status === 'confirmed') return this.writes.answer(tx, id, 'Ce rendez-vous est déjà validé');
      if (record.status !== 'pending') throw invalidTransition(stateMessage(record.status));
      if (record.endsAt.getTime() <= Date.now()) throw invalidTransition('Ce rendez-vous est passé');
      const payment = (await paymentLock)!;
      // The status, the payment's settlement job (when it has one), the mail and calendar write-back rows and the
      // answer's read with COMMIT: one round trip.
      const changed = await sendWithNextStatement(tx, () => this.repository.setStatus(tx, id, 'confirmed'));
      const settled = await sendWithNextStatement(tx, () => this.payments.afterValidated(tx, payment));
      const queued = await sendWithNextStatement(tx, () =>
        this.writes.notify(
          tx,
          { event: 'validated', appointmentId: id },
          { mode: record.mode, status: 'confirmed', visioUrl: record.visioUrl },
        ),
      );
      const answered = await this.writes.answer(
        tx,
        id,
        'Le rendez-vous est validé ; le client reçoit un email de confirmation',
      );
      await Promise.all([changed.settled, settled.settled, queued.settled]);
      validated = true;
      return answered;
    });
    // Counted once committed, and only for a change (a second click answers "déjà validé").
    if (validated) bookingsTotal.inc({ outcome: 'validated' });
    return answer;
  }

  async refuse(
    account: AuthenticatedAccount | undefined,
    id: string,
    reason?: string,
  ): Promise<AppointmentMessageDto> {
    let refused = false;
    const answer = await this.writes.transaction(async (tx) => {
      const record = await this.writes.ownedForUpdate(tx, account, id);
      if (record.status === 'refused') return this.writes.answer(tx, id, 'Ce rendez-vous est déjà refusé');
      if (record.status === 'confirmed' && record.proposal) {
        // Refusing the client's move refuses the new time only: the confirmed appointment stays as it was.
        await this.repository.deleteRescheduleRequest(tx, id);
        await this.writes.notify(tx, {
          event: 'reschedule_refused',
          appointmentId: id,
          proposedStart: record.proposal.startsAt.toISOString(),
          reason: reason?.trim() || null,
        });
        return this.writes.answer(
          tx,
          id,
          'Le déplacement est refusé : le rendez-vous reste confirmé à son horaire initial ; le client en est informé',
        );
      }
      if (record.status === 'confirmed')
        throw invalidTransition('Ce rendez-vous est déjà validé : annulez-le plutôt');
      if (record.status !== 'pending') throw invalidTransition(stateMessage(record.status));
      await this.refusal.refusePending(tx, id, reason?.trim() || null);
      refused = true;
      return this.writes.answer(tx, id, 'Le rendez-vous est refusé ; le client en est informé');
    });
    if (refused) bookingsTotal.inc({ outcome: 'refused' });
    return answer;
  }

  cancelByUser(account: AuthenticatedAccount, id: string, reason?: string): Promise<AppointmentMessageDto> {
    return this.writes.transaction(async (tx) => {
      const record = await this.writes.ownedForUpdate(tx, account, id);
      if (record.status === 'cancelled') return this.writes.answer(tx, id, 'Ce rendez-vous est déjà annulé');
      if (record.status === 'refused') throw invalidTransition(stateMessage(record.status));
      const cleanReason = reason?.trim() || null;
      await this.repository.deleteRescheduleRequest(tx, id);
      await this.repository.setStatus(tx, id, 'cancelled', {
        cancelledBy: 'user',
        cancellationReason: cleanReason,
      });
      await this.payments.afterChange(tx, id, 'cancelled_by_professional');
      await this.writes.notify(tx, { event: 'cancelled', appointmentId: id, reason: cleanReason });
      return this.writes.answer(tx, id, 'Le rendez-vous est annulé ; le client en est informé');
    });
  }

  async move(account: AuthenticatedAccount, id: string, dto: MoveEventDto): Promise<AppointmentMessageDto> {
    // The professional's own calendars at the new time, read before the lock (see LiveBusyCheck); the ownership
    // check inside the transaction still decides who may move it.
    const current = isUuid(id) ? await this.records.find({ id }) : undefined;
    if (current && current.userId === account.id) {
      const { start, end } = movedRange(dto, current);
      await this.calendarCheck.assertNoConflictForProfessional(
        current.userId,
        start,
        end,
        dto.confirmConflict === true,
      );
    }
    return this.writes.transaction(async (tx) => {
      const record = await this.writes.ownedForUpdate(tx, account, id);
      if (record.status !== 'pending' && record.status !== 'confirmed')
        throw invalidTransition(stateMessage(record.status));
      const { start, end } = movedRange(dto, record);
      assertAppointmentRange(start, end);
      if (start.getTime() === record.startsAt.getTime() && end.getTime() === record.endsAt.getTime()) {
        return this.writes.answer(tx, id, 'Le rendez-vous est déjà à cet horaire');
      }
      // The professional's own move settles a client's pending move request: that request's range is freed.
      await this.repository.deleteRescheduleRequest(tx, id);
      if (await this.repository.hasHoldingOverlap(record.userId, start, end, tx, id))
        throw slotHeldForProfessional();
      await this.repository.move(tx, id, start, end);
      await this.writes.notify(tx, {
        event: 'moved',
        appointmentId: id,
        previousStart: record.startsAt.toISOString(),
      });
      return this.writes.answer(tx, id, 'Le rendez-vous est déplacé ; le client en est informé');
    });
  }

  /**
   * Accepts the client's move of a confirmed appointment: it moves to the proposed range (held since the
   * request, so nothing else can be there) and stays confirmed; the client gets the moved mail with the .ics.
   */
  private async acceptMove(tx: Transaction, record: AppointmentRecord): Promise<AppointmentMessageDto> {
    const proposal = record.proposal!;
    if (proposal.startsAt.getTime() <= Date.now())
      throw invalidTransition('Le créneau demandé est déjà passé : refusez ce déplacement');
    await this.repository.deleteRescheduleRequest(tx, record.id);
    await this.repository.move(tx, record.id, proposal.startsAt, proposal.endsAt);
    await this.writes.notify(tx, {
      event: 'moved',
      appointmentId: record.id,
      previousStart: record.startsAt.toISOString(),
    });
    return this.writes.answer(tx, record.id, 'Le nouveau créneau est accepté ; le client en est informé');
  }

  async eventAction(token: string, action: EventAction): Promise<AppointmentMessageDto> {
    const id = this.actionTokens.verify(token, action);
    if (!id) throw invalidEventAction();
    return action === 'validate' ? this.validate(undefined, id) : this.refuse(undefined, id);
  }

  /** The signed link token (used by the mail templates and the tests). */
  eventActionToken(id: string, action: EventAction): string {
    return this.actionTokens.sign(id, action);
  }
}
