import { Inject, Injectable } from '@nestjs/common';
import { getSector, MESSAGES_FR, wordsFor, type Sector } from '@rdv/sectors';
import { ConflictError, DomainError, NotFoundError } from '../../common/domain-error';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { type AppointmentRecord, AppointmentRecords } from '../appointments';
import { type FreeSlotRequest, SlotsService } from '../availability';
import { LiveBusyCheck } from '../calendar-sync';
import { bookingsTotal } from '../../observability/metrics';
import type { AuthenticatedAccount } from '../identity';
import { appointmentIcs } from '../notifications';
import { VisioLinksService } from '../visio';
import { FeeAgreementsService } from '../fee-agreements';
import { PaymentsService } from '../payments';
import { idempotencyLookup } from '../idempotency';
import { presentAppointment } from './appointment.presenter';
import {
  appointmentNotFound,
  forbiddenAccount,
  invalidTransition,
  phoneNotVerified,
  professionalNotFound,
  slotTaken,
  slotUnavailable,
} from './booking-errors';
import { formatAddress, newRefAppointment, stateMessage } from './booking-rules';
import { BookingWrites } from './booking-writes';
import type {
  AppointmentDto,
  AppointmentMessageDto,
  AppointmentPageDto,
  CreateEventDto,
  PageQueryDto,
} from './booking.dto';
import { type BookingContext, BookingRepository, type NewAppointment } from './booking.repository';

/**
 * The client's side of booking: booking a free slot online, their list of appointments, and what the
 * unguessable reference of a booking allows (show, calendar file, cancel, move to another free slot).
 */
@Injectable()
export class ClientBookingService {
  private readonly sector: Sector;

  constructor(
    private readonly repository: BookingRepository,
    private readonly writes: BookingWrites,
    private readonly records: AppointmentRecords,
    private readonly slots: SlotsService,
    private readonly calendarCheck: LiveBusyCheck,
    private readonly visio: VisioLinksService,
    private readonly payments: PaymentsService,
    private readonly agreements: FeeAgreementsService,
    @Inject(ENV) private readonly env: Env,
  ) {
    this.sector = getSector(env.SECTOR);
  }

  /**
   * Books a slot for the attendee. Retries with an Idempotency-Key are answered by the controller's
   * `@Idempotent` interceptor, which records this answer in the same transaction as the booking.
   */
  async createEvent(
    account: AuthenticatedAccount,
    attendeeId: string,
    dto: CreateEventDto,
    clientIp = 'unknown',
  ): Promise<AppointmentDto> {
    if (account.id !== attendeeId) throw forbiddenAccount();
    const slotRequest = {
      userId: dto.user_id,
      motiveId: dto.motive_id,
      start: new Date(dto.start),
      mode: dto.mode,
      calendarId: dto.calendar_id,
    };
    // Everything read before the transaction, in one statement: the client, the professional and the motive,
    // the slot context (hours, motive's rules, busy ranges), the motive's payment and fee-agreement terms and
    // whether the professional has calendars to ask live. Each module still decides on its own part.
    const context = await this.repository.bookingContext(
      attendeeId,
      dto.user_id,
      this.slots.freeSlotQuery(slotRequest),
      (userId) => this.calendarCheck.calendarsToAskSql(userId),
      // With an Idempotency-Key: its lookup too (a key answered before replays that answer).
      idempotencyLookup(),
    );
    const { attendee } = context;
    if (!attendee) throw new NotFoundError('ATTENDEE_NOT_FOUND', 'Compte introuvable');
    if (!attendee.phoneVerifiedAt) throw phoneNotVerified();
    const { appointment: prepared, calendarVerified } = await this.prepareOnlineBooking(
      attendeeId,
      dto,
      context,
      slotRequest,
    );
    // A lawyer's paid motive asks for the fee agreement first: refused before any payment page is opened.
    const agreement = await this.agreements.prepare(
      {
        userId: prepared.userId,
        motiveId: dto.motive_id,
        attendeeId,
        refAppointment: prepared.refAppointment,
        startsAt: prepared.startsAt,
        legalAid: dto.legal_aid === true,
        accepted: dto.fee_agreement_accepted === true,
        clientIp,
      },
      context.agreementMotive,
    );
    // A paid motive opens the hosted payment page first: the slot is then held only with a page to pay on.
    const payment = await this.payments
      .prepare(
        {
          userId: prepared.userId,
          motiveId: dto.motive_id,
          refAppointment: prepared.refAppointment,
          startsAt: prepared.startsAt,
          clientEmail: attendee.email,
          legalAid: dto.legal_aid === true,
        },
        context.paymentTerms,
      )
      .catch(async (error: unknown) => {
        await this.agreements.abandon(agreement);
        throw error;
      });
    let created: AppointmentDto;
    try {
      created = await this.writes.transaction(async (tx) => {
        await this.repository.lockAgenda(tx, prepared.userId);
        // A sync may have landed since the slot was read: its cache is the last word before committing,
        // checked by the insert itself (one statement under the lock).
        const inserted = await this.writes.insertBooking(
          tx,
          prepared,
          payment?.kind !== 'checkout',
          this.calendarCheck.cacheHoldsCondition(prepared.userId, prepared.startsAt, prepared.endsAt),
          !agreement && !payment,
        );
        if (agreement)
          await this.agreements.record(
            tx,
            {
              id: inserted.id_event,
              refAppointment: prepared.refAppointment,
              userId: prepared.userId,
              attendeeId,
            },
            agreement,
          );
        if (!payment) return inserted;
        await this.payments.record(tx, inserted.id_event, prepared.userId, payment);
        return presentAppointment((await this.records.find({ id: inserted.id_event }, tx))!, 'owner');
      });
    } catch (error) {
      await this.payments.abandon(payment);
      await this.agreements.abandon(agreement);
      throw error;
    }
    bookingsTotal.inc({ outcome: 'created' });
    return { ...created, calendarVerified };
  }

  /** Application checks (clear messages) and the row to insert; the exclusion constraint stays the guarantee. */
  private async prepareOnlineBooking(
    attendeeId: string,
    dto: CreateEventDto,
    { professional: pro, motive, slot: slotContext, calendarsToAsk }: BookingContext,
    slotRequest: FreeSlotRequest,
  ): Promise<{ appointment: NewAppointment; calendarVerified: boolean }> {
    if (!pro || !pro.isPublic) throw professionalNotFound();
    if (!pro.acceptsOnlineBooking) {
      throw new ConflictError(
        'ONLINE_BOOKING_DISABLED',
        MESSAGES_FR.noOnlineBooking(this.sector.words.definite, this.sector.words.plural),
      );
    }
    if (!motive) throw new DomainError('UNKNOWN_MOTIVE', 'Motif inconnu', 400);
    const start = slotRequest.start;
    if (start.getTime() <= Date.now())
      throw new DomainError('SLOT_IN_PAST', 'Ce créneau est déjà passé, veuillez en choisir un autre', 400);
    // Jitsi or the own link at once; Meet and Teams create theirs with the calendar event at validation. Asked
    // before the slot: without any provider no video slot is offered, and the 422 says why.
    const visioUrl = dto.mode === 'visio' ? await this.visio.linkAtBooking(dto.user_id) : null;
    // Hours, the motive's notice and bounds, and the busy ranges (appointments, move requests, synced
    // events, unavailability) of the day around the slot, as read by `bookingContext`.
    const slot = this.slots.freeSlotIn(slotContext, slotRequest);
    if (!slot) {
      const end = new Date(start.getTime() + motive.durationMinutes * 60_000);
      throw (await this.repository.hasHoldingOverlap(dto.user_id, start, end))
        ? slotTaken()
        : slotUnavailable();
    }
    // The professional's own calendars, asked live for this one slot (before the lock; see LiveBusyCheck).
    const check = await this.calendarCheck.atBooking(
      dto.user_id,
      new Date(slot.start),
      new Date(slot.end),
      calendarsToAsk,
    );
    if (check === 'busy') throw slotUnavailable();
    const appointment: NewAppointment = {
      refAppointment: newRefAppointment(),
      userId: dto.user_id,
      calendarId: slot.calendarId,
      motiveId: motive.id,
      attendeeId,
      mode: dto.mode,
      status: 'pending',
      startsAt: new Date(slot.start),
      endsAt: new Date(slot.end),
      title: motive.title,
      location: dto.mode === 'in_person' ? formatAddress(pro) : null,
      timezone: slot.timezone,
      notes: dto.notes?.trim() || null,
      createdBy: 'attendee',
      visioUrl,
    };
    return { appointment, calendarVerified: check !== 'unverified_accepted' };
  }

  async listForAttendee(
    account: AuthenticatedAccount,
    attendeeId: string,
    query: PageQueryDto,
  ): Promise<AppointmentPageDto> {
    if (account.id !== attendeeId) throw forbiddenAccount();
    const page = query.page ?? 1;
    const limit = query.limit ?? 20;
    const { rows, total } = await this.records.listForAttendee(attendeeId, {
      offset: (page - 1) * limit,
      limit,
    });
    return { data: rows.map((r) => presentAppointment(r, 'owner')), total, page, limit };
  }

  async byRef(ref: string): Promise<AppointmentDto> {
    return presentAppointment(await this.recordByRef(ref), 'public');
  }

  async icsByRef(ref: string): Promise<{ filename: string; content: string }> {
    const record = await this.recordByRef(ref);
    const name = `${record.pro.firstName} ${record.pro.lastName}`;
    const content = appointmentIcs(
      {
        refAppointment: record.refAppointment,
        status: record.status,
        startsAt: record.startsAt,
        endsAt: record.endsAt,
        title: `Rendez-vous avec ${name}`,
        description: [
          record.motiveTitle,
          record.visioUrl ? `Visio : ${record.visioUrl}` : null,
          `${this.env.PUBLIC_URL}/appointments/${record.refAppointment}`,
        ]
          .filter(Boolean)
          .join('\n'),
        location: record.visioUrl ?? record.location,
        url: `${this.env.PUBLIC_URL}/appointments/${record.refAppointment}`,
        organizer: { name, email: record.pro.email },
        updatedAt: record.updatedAt,
      },
      this.sector.productName,
      new URL(this.env.PUBLIC_URL).hostname,
    );
    return { filename: `rendez-vous-${record.refAppointment}.ics`, content };
  }

  async cancelByRef(ref: string, reason?: string): Promise<AppointmentMessageDto> {
    const found = await this.recordByRef(ref);
    // "la notaire a été informée": the message speaks of this appointment's professional.
    const words = wordsFor(this.sector, found.pro.civility);
    const message = MESSAGES_FR.appointmentCancelled(words.definite, words.e);
    return this.writes.transaction(async (tx) => {
      await this.repository.lockAgenda(tx, found.userId);
      const record = (await this.records.find({ id: found.id }, tx, true))!;
      if (record.status === 'cancelled') return { message, event: presentAppointment(record, 'public') };
      if (record.status === 'refused') throw invalidTransition(stateMessage(record.status));
      if (record.startsAt.getTime() <= Date.now())
        throw invalidTransition('Ce rendez-vous a déjà commencé et ne peut plus être annulé');
      const clean = reason?.trim() || null;
      await this.repository.deleteRescheduleRequest(tx, record.id);
      await this.repository.setStatus(tx, record.id, 'cancelled', {
        cancelledBy: 'attendee',
        cancellationReason: clean,
      });
      await this.payments.afterChange(tx, record.id, 'cancelled_by_client');
      await this.writes.notify(tx, { event: 'cancelled', appointmentId: record.id, reason: clean });
      const updated = await this.records.find({ id: record.id }, tx);
      return { message, event: presentAppointment(updated!, 'public') };
    });
  }

  /**
   * The attendee moves their appointment to another free slot of the same motive (and mode).
   * Awaiting validation: it moves there and still awaits validation (the professional gets the request mail).
   * Confirmed: it stays confirmed at its time; the new range is held as a move request until the professional
   * accepts (it moves) or refuses (it stays), from the app or the links of the request mail.
   */
  async rescheduleByRef(ref: string, startIso: string): Promise<AppointmentMessageDto> {
    const found = await this.recordByRef(ref);
    if (found.status !== 'pending' && found.status !== 'confirmed')
      throw invalidTransition(stateMessage(found.status));
    if (found.startsAt.getTime() <= Date.now())
      throw invalidTransition('Ce rendez-vous a déjà commencé et ne peut plus être déplacé');
    if (!found.motiveId)
      throw invalidTransition(
        'Ce rendez-vous ne peut pas être déplacé en ligne : contactez le professionnel',
      );
    const start = new Date(startIso);
    if (start.getTime() <= Date.now())
      throw new DomainError('SLOT_IN_PAST', 'Ce créneau est déjà passé, veuillez en choisir un autre', 400);
    const slot = await this.slots.findFreeSlot({
      userId: found.userId,
      motiveId: found.motiveId,
      start,
      mode: found.mode,
    });
    // The professional's own calendars, asked live for this one slot (before the lock; see LiveBusyCheck).
    if (
      !slot ||
      (await this.calendarCheck.atBooking(found.userId, new Date(slot.start), new Date(slot.end))) === 'busy'
    )
      throw slotUnavailable();
    const newStart = new Date(slot.start);
    const newEnd = new Date(slot.end);
    return this.writes.transaction(async (tx) => {
      await this.repository.lockAgenda(tx, found.userId);
      const record = (await this.records.find({ id: found.id }, tx, true))!;
      if (record.status !== 'pending' && record.status !== 'confirmed')
        throw invalidTransition(stateMessage(record.status));
      // Under the lock: no appointment nor another client's move request took the range meanwhile, and no sync
      // brought a calendar event there since the live check.
      if (await this.repository.hasHoldingOverlap(record.userId, newStart, newEnd, tx, record.id))
        throw slotTaken();
      if (await this.calendarCheck.cacheHolds(tx, record.userId, newStart, newEnd)) throw slotUnavailable();
      if (record.status === 'confirmed') {
        await this.repository.upsertRescheduleRequest(tx, {
          appointmentId: record.id,
          userId: record.userId,
          startsAt: newStart,
          endsAt: newEnd,
        });
        await this.writes.notify(tx, {
          event: 'reschedule_requested',
          appointmentId: record.id,
          proposedStart: newStart.toISOString(),
        });
        const updated = await this.records.find({ id: record.id }, tx);
        return {
          message: `Votre demande de déplacement a été transmise. Votre rendez-vous reste confirmé à son horaire actuel tant que ${wordsFor(this.sector, record.pro.civility).definite} n’a pas accepté le nouveau créneau.`,
          event: presentAppointment(updated!, 'public'),
        };
      }
      await this.repository.move(tx, record.id, newStart, newEnd);
      await this.writes.notify(tx, { event: 'requested', appointmentId: record.id });
      const updated = await this.records.find({ id: record.id }, tx);
      return {
        message: `Votre demande de déplacement a été transmise : ${wordsFor(this.sector, record.pro.civility).definite} doit valider le nouveau créneau.`,
        event: presentAppointment(updated!, 'public'),
      };
    });
  }

  private async recordByRef(ref: string): Promise<AppointmentRecord> {
    if (!/^[A-Z2-7]{16,32}$/.test(ref)) throw appointmentNotFound();
    const record = await this.records.find({ ref });
    if (!record) throw appointmentNotFound();
    return record;
  }
}
