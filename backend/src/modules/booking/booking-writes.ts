import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { SQL } from 'drizzle-orm';
import { Transactions } from '../../database/database.module';
import { commitWithNextStatement, sendWithNextStatement } from '../../database/pipelined-transaction';
import type { DbOrTx, Transaction } from '../../database/database.types';
import { type AppointmentRecord, AppointmentRecords } from '../appointments';
import { WRITE_BACK_EVENTS, WRITE_BACK_JOB } from '../calendar-sync';
import type { AuthenticatedAccount } from '../identity';
import { BOOKING_NOTIFICATION_JOB, type BookingNotificationPayload } from '../notifications';
import { type EnqueueRequest, OutboxService } from '../outbox';
import { presentAppointment } from './appointment.presenter';
import { appointmentNotFound, slotHeldForProfessional, slotTaken, slotUnavailable } from './booking-errors';
import { bookingConflictOf } from './booking-rules';
import { isUuid } from '@rdv/sectors';
import type { AppointmentDto, AppointmentMessageDto } from './booking.dto';
import { BookingRepository, type NewAppointment } from './booking.repository';

/** What decides whether a confirmation waits for a Meet / Teams link (see `notify`). */
export interface AppointmentLinkState {
  mode: string;
  status: string;
  visioUrl: string | null;
}

/**
 * What every audience's booking service shares when it writes appointments: the transaction (agenda lock,
 * bounded retries, 409 on a lost race), the insert, and the events that follow a change.
 */
@Injectable()
export class BookingWrites {
  constructor(
    private readonly repository: BookingRepository,
    private readonly transactions: Transactions,
    private readonly records: AppointmentRecords,
    private readonly outbox: OutboxService,
  ) {}

  /**
   * A transaction that writes appointments: run again (bounded) when PostgreSQL aborted it for a deadlock or a
   * serialization failure, and answered 409 when a concurrent booking won (see `bookingConflictOf`).
   * Callers take the agenda lock (`repository.lockAgenda`) first thing inside `work`.
   */
  async transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    try {
      return await this.transactions.run(work, { retryOnConflict: true });
    } catch (error) {
      throw bookingConflictOf(error);
    }
  }

  /**
   * `notify` false: a slot held while the client pays; the request reaches the professional once paid (payments).
   * `calendarHolds`: a condition checked in the insert itself (the client's booking: the calendar cache, see
   * `LiveBusyCheck.cacheHoldsCondition`); true refuses the slot as unavailable. `lastOfTransaction`: the caller
   * writes nothing after it in `tx`.
   */
  async insertBooking(
    tx: DbOrTx,
    prepared: NewAppointment,
    notify = true,
    calendarHolds?: SQL,
    lastOfTransaction = false,
  ): Promise<AppointmentDto> {
    // The id is chosen here so that the outbox rows naming it are written by the insert statement itself.
    const id = randomUUID();
    const jobs = notify
      ? await this.notificationJobs(
          tx,
          { event: prepared.createdBy === 'user' ? 'created_by_user' : 'requested', appointmentId: id },
          { mode: prepared.mode, status: prepared.status, visioUrl: prepared.visioUrl },
        )
      : [];
    // Under the agenda lock: a client's pending move request holds its range like an appointment (the
    // exclusion constraint only sees appointments; it still catches the appointment-against-appointment case).
    // Nothing follows in the transaction: COMMIT goes with the insert (when the transaction is not a request's
    // unit of work, which records its answer first). A refusal then commits nothing but the agenda lock's end.
    if (lastOfTransaction) commitWithNextStatement(tx);
    const { record, heldByCalendar } = await this.repository.insertUnlessHeld(
      tx,
      { ...prepared, id },
      calendarHolds,
      jobs.length > 0 ? (whenInserted) => this.outbox.insertParts(jobs, whenInserted) : undefined,
    );
    // A sync that landed since the slot was read is the last word (checked before the appointments, as before).
    if (heldByCalendar) throw slotUnavailable();
    if (!record) throw prepared.createdBy === 'user' ? slotHeldForProfessional() : slotTaken();
    return presentAppointment(record, 'owner');
  }

  /**
   * Queues what follows a change (mail, calendar write-back) in the outbox of `tx`. `appointment`: its mode,
   * status and link as they now stand in `tx`, when the caller knows them (saves reading it back).
   */
  async notify(
    tx: DbOrTx,
    payload: BookingNotificationPayload,
    appointment?: AppointmentLinkState,
  ): Promise<void> {
    // Both rows (when there are two) in one statement.
    await this.outbox.enqueueAll(tx, await this.notificationJobs(tx, payload, appointment));
  }

  /** The jobs that follow a change: its mail and the calendar write-back. */
  private async notificationJobs(
    tx: DbOrTx,
    payload: BookingNotificationPayload,
    appointment?: AppointmentLinkState,
  ): Promise<EnqueueRequest[]> {
    if (WRITE_BACK_EVENTS.has(payload.event) && (await this.awaitsMeetingLink(tx, payload, appointment))) {
      // Google Meet / Teams: the link comes back with the calendar event, and the confirmation must carry it.
      // The write-back job creates the event, stores the link, then queues this notification itself.
      return [
        {
          queue: 'calendar-sync',
          jobName: WRITE_BACK_JOB,
          payload: { appointmentId: payload.appointmentId, thenNotify: payload },
        },
      ];
    }
    // The professional's chosen external calendar follows the appointment (written when validated, moved,
    // deleted when refused or cancelled). The job reads the appointment's state, so extra ones are no-ops.
    return [
      { queue: 'notifications', jobName: BOOKING_NOTIFICATION_JOB, payload },
      ...(WRITE_BACK_EVENTS.has(payload.event)
        ? [
            {
              queue: 'calendar-sync' as const,
              jobName: WRITE_BACK_JOB,
              payload: { appointmentId: payload.appointmentId },
            },
          ]
        : []),
    ];
  }

  /** A confirmed video appointment still without its link: Meet or Teams will create it with the event. */
  private async awaitsMeetingLink(
    tx: DbOrTx,
    payload: BookingNotificationPayload,
    known?: AppointmentLinkState,
  ): Promise<boolean> {
    if (payload.event !== 'validated' && payload.event !== 'created_by_user') return false;
    const record = known ?? (await this.records.find({ id: payload.appointmentId }, tx));
    return record?.mode === 'visio' && record.status === 'confirmed' && !record.visioUrl;
  }

  /**
   * Loads an appointment of `account` (a professional; undefined for a signed link) in `tx` with a row lock;
   * 404 for anybody else's. The agenda lock comes first, as in every transaction writing appointments.
   * `alongside`: one more statement of the caller's in `tx` (another row lock the change needs), sent right
   * after the record's read; the caller keeps its promise and reads it after its own checks of the record.
   */
  async ownedForUpdate(
    tx: DbOrTx,
    account: AuthenticatedAccount | undefined,
    id: string,
    alongside?: () => Promise<unknown>,
  ): Promise<AppointmentRecord> {
    if (!isUuid(id)) throw appointmentNotFound();
    const ownerId = account?.id ?? (await this.repository.ownerOf(id, tx));
    if (!ownerId) throw appointmentNotFound();
    // The agenda lock, the record and `alongside` in one round trip, as separate statements in that order: each
    // reads with a snapshot taken once the previous one's lock is held (READ COMMITTED), as when sent one by one.
    const locked = await sendWithNextStatement(tx, () => this.repository.lockAgenda(tx, ownerId));
    const read = () => this.records.find({ id }, tx, true);
    const found = alongside ? await sendWithNextStatement(tx, read) : { settled: read() };
    found.settled.catch(() => undefined); // read below, after the lock's answer
    alongside?.().catch(() => undefined); // its answer is the caller's, read after its checks of the record
    await locked.settled;
    const record = await found.settled;
    if (!record || (account && record.userId !== account.id)) throw appointmentNotFound();
    return record;
  }

  /** The professional's answer after a change: the message and the appointment as it now stands. */
  async answer(tx: DbOrTx, id: string, message: string): Promise<AppointmentMessageDto> {
    // The transaction's last statement: COMMIT goes with it (one round trip less), when the transaction is ours.
    commitWithNextStatement(tx);
    const record = await this.records.find({ id }, tx);
    return { message, event: presentAppointment(record!, 'professional') };
  }
}
