import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { getSector, MESSAGES_FR, type Sector } from '@rdv/sectors';
import { SQLSTATE, sqlStateOf } from '../../common/database-errors';
import { Transactions } from '../../database/database.module';
import { ConflictError, DomainError, NotFoundError } from '../../common/domain-error';
import { MAX_APPOINTMENT_MS } from '../../common/instant-range';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import type { DbOrTx, Transaction } from '../../database/database.types';
import type { AuthenticatedAccount } from '../identity';
import { SlotsService } from '../availability';
import {
  appointmentIcs,
  BOOKING_NOTIFICATION_JOB,
  type BookingNotificationPayload,
  VisioLinks,
} from '../notifications';
import { WRITE_BACK_EVENTS, WRITE_BACK_JOB, LiveBusyCheck } from '../calendar-sync';
import { OutboxService } from '../outbox';
import { bookingsTotal } from '../../observability/metrics';
import {
  agendaBusy,
  appointmentNotFound,
  forbiddenAccount,
  invalidEventAction,
  invalidTransition,
  phoneNotVerified,
  professionalNotFound,
  slotTaken,
  slotUnavailable,
} from './booking-errors';
import type {
  AppointmentDto,
  AppointmentMessageDto,
  AppointmentPageDto,
  CreateEventByHandDto,
  CreateEventDto,
  EventResponseItemDto,
  EventResponsesViewDto,
  EventsQueryDto,
  MessageDto,
  MoveEventDto,
  PageQueryDto,
  SubmitAvailabilitiesDto,
} from './booking.dto';
import { type AppointmentRecord, AppointmentRecords } from '../appointments';
import { BookingRepository, type NewAppointment } from './booking.repository';
import { type EventAction, EventActionTokens } from '../identity';

const REF_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** 20 base32 characters from 100 random bits: the public `refAppointment`. */
export function newRefAppointment(): string {
  const bytes = randomBytes(20);
  let ref = '';
  for (const byte of bytes) ref += REF_ALPHABET[byte & 31];
  return ref;
}

/** True for the PostgreSQL exclusion violation (SQLSTATE 23P01), as thrown by pg or wrapped by drizzle. */
export function isExclusionViolation(error: unknown): boolean {
  return sqlStateOf(error) === SQLSTATE.exclusionViolation;
}

/**
 * The answer for a booking transaction that failed on the database: 409 when another booking won the range
 * (exclusion constraint) or kept the agenda too long (lock timeout, or a deadlock / serialization failure
 * that persisted through the retries); anything else is rethrown unchanged.
 */
function bookingConflictOf(error: unknown): unknown {
  switch (sqlStateOf(error)) {
    case SQLSTATE.exclusionViolation:
      return slotTaken();
    case SQLSTATE.lockNotAvailable:
    case SQLSTATE.deadlockDetected:
    case SQLSTATE.serializationFailure:
      return agendaBusy();
    default:
      return error;
  }
}

@Injectable()
export class BookingService {
  private readonly sector: Sector;
  private readonly actionTokens: EventActionTokens;

  constructor(
    private readonly repository: BookingRepository,
    private readonly transactions: Transactions,
    private readonly records: AppointmentRecords,
    private readonly slots: SlotsService,
    private readonly outbox: OutboxService,
    private readonly calendarCheck: LiveBusyCheck,
    private readonly visio: VisioLinks,
    @Inject(ENV) private readonly env: Env,
  ) {
    this.sector = getSector(env.SECTOR);
    this.actionTokens = new EventActionTokens(env.JWT_SECRET);
  }

  // ---- attendee: create-event -----------------------------------------------------------------------------

  /**
   * Books a slot for the attendee. Retries with an Idempotency-Key are answered by the controller's
   * `@Idempotent` interceptor, which records this answer in the same transaction as the booking.
   */
  async createEvent(
    account: AuthenticatedAccount,
    attendeeId: string,
    dto: CreateEventDto,
  ): Promise<AppointmentDto> {
    if (account.id !== attendeeId) throw forbiddenAccount();
    const attendee = await this.repository.attendee(attendeeId);
    if (!attendee) throw new NotFoundError('ATTENDEE_NOT_FOUND', 'Compte introuvable');
    if (!attendee.phoneVerifiedAt) throw phoneNotVerified();
    const prepared = await this.prepareOnlineBooking(attendeeId, dto);
    const created = await this.bookingTransaction(async (tx) => {
      await this.repository.lockAgenda(tx, prepared.userId);
      return this.insertBooking(tx, prepared);
    });
    bookingsTotal.inc({ outcome: 'created' });
    return created;
  }

  /** Application checks (clear messages) and the row to insert; the exclusion constraint stays the guarantee. */
  private async prepareOnlineBooking(attendeeId: string, dto: CreateEventDto): Promise<NewAppointment> {
    const pro = await this.repository.professional(dto.user_id);
    if (!pro || !pro.isPublic) throw professionalNotFound();
    if (!pro.acceptsOnlineBooking) {
      throw new ConflictError(
        'ONLINE_BOOKING_DISABLED',
        MESSAGES_FR.noOnlineBooking(this.sector.words.definite, this.sector.words.plural),
      );
    }
    const motive = await this.repository.motive(dto.user_id, dto.motive_id);
    if (!motive) throw new DomainError('UNKNOWN_MOTIVE', 'Motif inconnu', 400);
    const start = new Date(dto.start);
    if (start.getTime() <= Date.now())
      throw new DomainError('SLOT_IN_PAST', 'Ce créneau est déjà passé, veuillez en choisir un autre', 400);
    const slot = await this.slots.findFreeSlot({
      userId: dto.user_id,
      motiveId: dto.motive_id,
      start,
      mode: dto.mode,
      calendarId: dto.calendar_id,
    });
    if (!slot) {
      const end = new Date(start.getTime() + motive.durationMinutes * 60_000);
      throw (await this.repository.hasHoldingOverlap(dto.user_id, start, end))
        ? slotTaken()
        : slotUnavailable();
    }
    // The professional's own calendars, asked live for this one slot (before the lock; see LiveBusyCheck).
    if (
      (await this.calendarCheck.atBooking(dto.user_id, new Date(slot.start), new Date(slot.end))) === 'busy'
    )
      throw slotUnavailable();
    return {
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
      visioUrl: dto.mode === 'visio' ? this.visio.newMeetingUrl() : null,
    };
  }

  /**
   * A transaction that writes appointments: run again (bounded) when PostgreSQL aborted it for a deadlock or a
   * serialization failure, and answered 409 when a concurrent booking won (see `bookingConflictOf`).
   * Callers take the agenda lock (`repository.lockAgenda`) first thing inside `work`.
   */
  private async bookingTransaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    try {
      return await this.transactions.run(work, { retryOnConflict: true });
    } catch (error) {
      throw bookingConflictOf(error);
    }
  }

  private async insertBooking(tx: DbOrTx, prepared: NewAppointment): Promise<AppointmentDto> {
    const id = await this.repository.insertAppointment(tx, prepared);
    await this.notify(tx, {
      event: prepared.createdBy === 'user' ? 'created_by_user' : 'requested',
      appointmentId: id,
    });
    const record = await this.records.find({ id }, tx);
    return this.toDto(record!, 'owner');
  }

  private async notify(tx: DbOrTx, payload: BookingNotificationPayload): Promise<void> {
    await this.outbox.enqueue(tx, { queue: 'notifications', jobName: BOOKING_NOTIFICATION_JOB, payload });
    // Calendar sync (#12): the lawyer's chosen calendar follows the appointment (written when validated,
    // moved, deleted when refused or cancelled). The job reads the appointment's state, so extra ones are no-ops.
    if (WRITE_BACK_EVENTS.has(payload.event)) {
      await this.outbox.enqueue(tx, {
        queue: 'calendar-sync',
        jobName: WRITE_BACK_JOB,
        payload: { appointmentId: payload.appointmentId },
      });
    }
  }

  // ---- professional ----------------------------------------------------------------------------------------

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
    return { data: rows.map((r) => this.toDto(r, 'professional')), total, page, limit };
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
      visioUrl: dto.mode === 'visio' ? this.visio.newMeetingUrl() : null,
    };
    const created = await this.bookingTransaction(async (tx) => {
      await this.repository.lockAgenda(tx, userId);
      const attendeeId = await this.repository.findOrCreateAttendee(tx, {
        email: dto.email,
        firstName: dto.first_name?.trim() || null,
        lastName: dto.last_name?.trim() || null,
        phone: dto.phone?.replace(/[ .-]/g, '') || null,
        phoneCountryCode: dto.phone_country_code ?? null,
      });
      const body = await this.insertBooking(tx, { ...prepared, attendeeId });
      return {
        ...body,
        attendee: body.attendee ? { ...body.attendee, email: dto.email.trim().toLowerCase() } : null,
      };
    });
    bookingsTotal.inc({ outcome: 'created' });
    return created;
  }

  /**
   * Loads an appointment of `account` (a professional; undefined for a signed link) in `tx` with a row lock;
   * 404 for anybody else's. The agenda lock comes first, as in every transaction writing appointments.
   */
  private async ownedForUpdate(
    tx: DbOrTx,
    account: AuthenticatedAccount | undefined,
    id: string,
  ): Promise<AppointmentRecord> {
    if (!UUID.test(id)) throw appointmentNotFound();
    const ownerId = account?.id ?? (await this.repository.ownerOf(id, tx));
    if (!ownerId) throw appointmentNotFound();
    await this.repository.lockAgenda(tx, ownerId);
    const record = await this.records.find({ id }, tx, true);
    if (!record || (account && record.userId !== account.id)) throw appointmentNotFound();
    return record;
  }

  async validate(
    account: AuthenticatedAccount | undefined,
    id: string,
    confirmConflict = false,
  ): Promise<AppointmentMessageDto> {
    // The professional validating in the app sees a conflict with their own calendars first (409), and may
    // confirm anyway; read before the lock (see LiveBusyCheck).
    const pending = account && UUID.test(id) ? await this.records.find({ id }) : undefined;
    if (pending && pending.userId === account?.id && pending.status === 'pending')
      await this.calendarCheck.assertNoConflictAtValidation(
        pending.userId,
        pending.startsAt,
        pending.endsAt,
        confirmConflict,
      );
    let validated = false;
    const answer = await this.bookingTransaction(async (tx) => {
      const record = await this.ownedForUpdate(tx, account, id);
      if (record.status === 'confirmed') return this.answer(tx, id, 'Ce rendez-vous est déjà validé');
      if (record.status !== 'pending') throw invalidTransition(stateMessage(record.status));
      if (record.endsAt.getTime() <= Date.now()) throw invalidTransition('Ce rendez-vous est passé');
      await this.repository.setStatus(tx, id, 'confirmed');
      await this.notify(tx, { event: 'validated', appointmentId: id });
      validated = true;
      return this.answer(tx, id, 'Le rendez-vous est validé ; le client reçoit un email de confirmation');
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
    const answer = await this.bookingTransaction(async (tx) => {
      const record = await this.ownedForUpdate(tx, account, id);
      if (record.status === 'refused') return this.answer(tx, id, 'Ce rendez-vous est déjà refusé');
      if (record.status === 'confirmed')
        throw invalidTransition('Ce rendez-vous est déjà validé : annulez-le plutôt');
      if (record.status !== 'pending') throw invalidTransition(stateMessage(record.status));
      const cleanReason = reason?.trim() || null;
      await this.repository.setStatus(tx, id, 'refused', { refusalReason: cleanReason });
      await this.notify(tx, { event: 'refused', appointmentId: id, reason: cleanReason });
      refused = true;
      return this.answer(tx, id, 'Le rendez-vous est refusé ; le client en est informé');
    });
    if (refused) bookingsTotal.inc({ outcome: 'refused' });
    return answer;
  }

  cancelByUser(account: AuthenticatedAccount, id: string, reason?: string): Promise<AppointmentMessageDto> {
    return this.bookingTransaction(async (tx) => {
      const record = await this.ownedForUpdate(tx, account, id);
      if (record.status === 'cancelled') return this.answer(tx, id, 'Ce rendez-vous est déjà annulé');
      if (record.status === 'refused') throw invalidTransition(stateMessage(record.status));
      const cleanReason = reason?.trim() || null;
      await this.repository.setStatus(tx, id, 'cancelled', {
        cancelledBy: 'user',
        cancellationReason: cleanReason,
      });
      await this.notify(tx, { event: 'cancelled', appointmentId: id, reason: cleanReason });
      return this.answer(tx, id, 'Le rendez-vous est annulé ; le client en est informé');
    });
  }

  async move(account: AuthenticatedAccount, id: string, dto: MoveEventDto): Promise<AppointmentMessageDto> {
    return this.bookingTransaction(async (tx) => {
      const record = await this.ownedForUpdate(tx, account, id);
      if (record.status !== 'pending' && record.status !== 'confirmed')
        throw invalidTransition(stateMessage(record.status));
      const start = new Date(dto.start);
      const end = dto.end
        ? new Date(dto.end)
        : new Date(start.getTime() + (record.endsAt.getTime() - record.startsAt.getTime()));
      assertAppointmentRange(start, end);
      if (start.getTime() === record.startsAt.getTime() && end.getTime() === record.endsAt.getTime()) {
        return this.answer(tx, id, 'Le rendez-vous est déjà à cet horaire');
      }
      await this.repository.move(tx, id, start, end);
      await this.notify(tx, {
        event: 'moved',
        appointmentId: id,
        previousStart: record.startsAt.toISOString(),
      });
      return this.answer(tx, id, 'Le rendez-vous est déplacé ; le client en est informé');
    });
  }

  async requestAvailabilities(
    account: AuthenticatedAccount,
    id: string,
    message?: string,
  ): Promise<MessageDto> {
    return this.bookingTransaction(async (tx) => {
      const record = await this.ownedForUpdate(tx, account, id);
      if (record.status !== 'pending' && record.status !== 'confirmed')
        throw invalidTransition(stateMessage(record.status));
      if (!record.attendee) throw invalidTransition('Ce rendez-vous n’a pas de client à qui écrire');
      const clean = message?.trim() || null;
      await this.repository.insertAvailabilityRequest(tx, id, clean);
      await this.notify(tx, { event: 'availabilities_requested', appointmentId: id, message: clean });
      return { message: 'La demande de disponibilités a été envoyée au client' };
    });
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

  private async answer(tx: DbOrTx, id: string, message: string): Promise<AppointmentMessageDto> {
    const record = await this.records.find({ id }, tx);
    return { message, event: this.toDto(record!, 'professional') };
  }

  // ---- attendee / public -----------------------------------------------------------------------------------

  async byRef(ref: string): Promise<AppointmentDto> {
    return this.toDto(await this.recordByRef(ref), 'public');
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
    const message = MESSAGES_FR.appointmentCancelled(this.sector.words.definite);
    const found = await this.recordByRef(ref);
    return this.bookingTransaction(async (tx) => {
      await this.repository.lockAgenda(tx, found.userId);
      const record = (await this.records.find({ id: found.id }, tx, true))!;
      if (record.status === 'cancelled') return { message, event: this.toDto(record, 'public') };
      if (record.status === 'refused') throw invalidTransition(stateMessage(record.status));
      if (record.startsAt.getTime() <= Date.now())
        throw invalidTransition('Ce rendez-vous a déjà commencé et ne peut plus être annulé');
      const clean = reason?.trim() || null;
      await this.repository.setStatus(tx, record.id, 'cancelled', {
        cancelledBy: 'attendee',
        cancellationReason: clean,
      });
      await this.notify(tx, { event: 'cancelled', appointmentId: record.id, reason: clean });
      const updated = await this.records.find({ id: record.id }, tx);
      return { message, event: this.toDto(updated!, 'public') };
    });
  }

  /**
   * The attendee moves their appointment to another free slot of the same motive (and mode): it goes
   * back to awaiting validation and the professional gets the request mail with its validate / refuse links.
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
    return this.bookingTransaction(async (tx) => {
      await this.repository.lockAgenda(tx, found.userId);
      const record = (await this.records.find({ id: found.id }, tx, true))!;
      if (record.status !== 'pending' && record.status !== 'confirmed')
        throw invalidTransition(stateMessage(record.status));
      await this.repository.move(tx, record.id, new Date(slot.start), new Date(slot.end));
      await this.repository.setStatus(tx, record.id, 'pending');
      await this.notify(tx, { event: 'requested', appointmentId: record.id });
      const updated = await this.records.find({ id: record.id }, tx);
      return {
        message: `Votre demande de déplacement a été transmise : ${this.sector.words.definite} doit valider le nouveau créneau.`,
        event: this.toDto(updated!, 'public'),
      };
    });
  }

  /**
   * Admin console: cancels on behalf of the professional or the client. Both sides are told (the
   * `cancelled` notification mails the client and the professional). Returns the record before / after.
   */
  async cancelOnBehalf(
    id: string,
    onBehalfOf: 'attendee' | 'user',
    reason: string | null,
  ): Promise<{ before: AppointmentRecord; after: AppointmentRecord }> {
    const userId = await this.repository.ownerOf(id);
    if (!userId) throw new NotFoundError('APPOINTMENT_NOT_FOUND', 'Rendez-vous introuvable');
    return this.bookingTransaction(async (tx) => {
      await this.repository.lockAgenda(tx, userId);
      const before = (await this.records.find({ id }, tx, true))!;
      if (before.status === 'cancelled' || before.status === 'refused')
        throw invalidTransition(stateMessage(before.status));
      if (before.startsAt.getTime() <= Date.now())
        throw invalidTransition('Ce rendez-vous a déjà commencé et ne peut plus être annulé');
      await this.repository.setStatus(tx, id, 'cancelled', {
        cancelledBy: onBehalfOf,
        cancellationReason: reason,
      });
      await this.notify(tx, { event: 'cancelled', appointmentId: id, reason });
      const after = (await this.records.find({ id }, tx))!;
      return { before, after };
    });
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
    return { data: rows.map((r) => this.toDto(r, 'owner')), total, page, limit };
  }

  /** For the professional's /user/events (the guard checked the ownership). */
  async responsesOf(id: string): Promise<EventResponseItemDto[]> {
    const responses = await this.repository.eventResponses(id);
    return responses.map((r) => ({
      id: r.id,
      availabilities: r.availabilities,
      message: r.message,
      createdAt: r.createdAt.toISOString(),
    }));
  }

  async eventResponsesView(id: string): Promise<EventResponsesViewDto> {
    const { record, request } = await this.requested(id);
    const responses = await this.repository.eventResponses(id);
    const dto = this.toDto(record, 'public');
    return {
      id_event: record.id,
      status: record.status,
      mode: record.mode,
      start: dto.start,
      end: dto.end,
      timezone: record.timezone,
      professional: dto.professional,
      motive: dto.motive,
      requestMessage: request.message,
      requestedAt: request.createdAt.toISOString(),
      open: isOpenForResponses(record),
      responses: responses.map((r) => ({
        id: r.id,
        availabilities: r.availabilities,
        message: r.message,
        createdAt: r.createdAt.toISOString(),
      })),
    };
  }

  async submitAvailabilities(id: string, dto: SubmitAvailabilitiesDto): Promise<MessageDto> {
    const { record } = await this.requested(id);
    if (!isOpenForResponses(record))
      throw invalidTransition('Ce rendez-vous n’attend plus vos disponibilités');
    const now = Date.now();
    const ranges = dto.availabilities.map((range) => ({
      start: new Date(range.start),
      end: new Date(range.end),
    }));
    for (const range of ranges) {
      if (range.end <= range.start)
        throw new DomainError('INVALID_RANGE', 'Chaque disponibilité doit finir après son début', 400);
      if (range.end.getTime() <= now)
        throw new DomainError('INVALID_RANGE', 'Les disponibilités doivent être dans le futur', 400);
    }
    const availabilities = ranges.map((r) => ({ start: r.start.toISOString(), end: r.end.toISOString() }));
    const message = dto.message?.trim() || null;
    await this.transactions.run(async (tx) => {
      await this.repository.insertEventResponse(tx, id, availabilities, message);
      await this.notify(tx, {
        event: 'availabilities_submitted',
        appointmentId: id,
        availabilities,
        message,
      });
    });
    return { message: MESSAGES_FR.availabilitiesTaken(this.sector.words.definite) };
  }

  private async requested(id: string) {
    if (!UUID.test(id)) throw appointmentNotFound();
    const record = await this.records.find({ id });
    if (!record) throw appointmentNotFound();
    const request = await this.repository.latestAvailabilityRequest(id);
    if (!request)
      throw new NotFoundError(
        'NO_AVAILABILITY_REQUEST',
        'Aucune demande de disponibilités pour ce rendez-vous',
      );
    return { record, request };
  }

  private async recordByRef(ref: string): Promise<AppointmentRecord> {
    if (!/^[A-Z2-7]{16,32}$/.test(ref)) throw appointmentNotFound();
    const record = await this.records.find({ ref });
    if (!record) throw appointmentNotFound();
    return record;
  }

  // ---- views -----------------------------------------------------------------------------------------------

  /** `public`: by unguessable reference (no attendee contact); `owner`: the attendee; `professional`: everything. */
  toDto(record: AppointmentRecord, audience: 'public' | 'owner' | 'professional'): AppointmentDto {
    const showContact = audience !== 'public';
    return {
      _id: record.id,
      id_event: record.id,
      refAppointment: record.refAppointment,
      status: record.status,
      mode: record.mode,
      start: record.startsAt.toISOString(),
      end: record.endsAt.toISOString(),
      timezone: record.timezone,
      title: record.title,
      location: record.location,
      visioUrl: record.visioUrl,
      notes: audience === 'public' ? null : record.notes,
      user_id: record.userId,
      professional: {
        _id: record.userId,
        civility: record.pro.civility,
        first_name: record.pro.firstName,
        last_name: record.pro.lastName,
        userUri: record.pro.userUri,
        office: record.pro.teamName,
        telephone: record.mode === 'phone' ? record.pro.telephone : null,
      },
      motive:
        record.motiveId && record.motiveTitle ? { id: record.motiveId, title: record.motiveTitle } : null,
      attendee_id: record.attendeeId,
      attendee:
        record.attendee && record.attendeeId
          ? {
              _id: record.attendeeId,
              civility: record.attendee.civility,
              first_name: record.attendee.firstName,
              last_name: record.attendee.lastName,
              ...(showContact ? { email: record.attendee.email, phone: record.attendee.phone } : {}),
            }
          : null,
      createdBy: record.createdBy,
      refusalReason: record.refusalReason,
      cancelledBy: record.cancelledBy,
      cancellationReason: record.cancellationReason,
      cancellable:
        (record.status === 'pending' || record.status === 'confirmed') &&
        record.startsAt.getTime() > Date.now(),
      createdAt: record.createdAt.toISOString(),
    };
  }
}

function formatAddress(place: {
  street: string | null;
  postalCode: string | null;
  cityName: string | null;
}): string | null {
  const city = [place.postalCode, place.cityName].filter(Boolean).join(' ');
  const address = [place.street, city].filter(Boolean).join(', ');
  return address || null;
}

/** A range a professional enters or moves an appointment to: ends after it starts, lasts at most 12 hours. */
function assertAppointmentRange(start: Date, end: Date): void {
  if (end <= start)
    throw new DomainError('INVALID_RANGE', 'La fin du rendez-vous doit être après son début', 400);
  if (end.getTime() - start.getTime() > MAX_APPOINTMENT_MS)
    throw new DomainError('RANGE_TOO_LONG', 'Un rendez-vous ne peut pas durer plus de 12 heures', 400);
}

function stateMessage(status: string): string {
  switch (status) {
    case 'refused':
      return 'Ce rendez-vous a été refusé';
    case 'cancelled':
      return 'Ce rendez-vous a été annulé';
    case 'confirmed':
      return 'Ce rendez-vous est déjà validé';
    default:
      return 'Ce rendez-vous n’attend pas de validation';
  }
}

function isOpenForResponses(record: AppointmentRecord): boolean {
  return record.status === 'pending' || record.status === 'confirmed';
}
