import { Injectable } from '@nestjs/common';
import { DomainError, NotFoundError } from '../../common/domain-error';
import { AuditService } from '../audit';
import { AdminListQueryDto, idsFilter, parseAdminList } from '../../common/admin-list';
import type { AdminAppointmentDto, AdminCancelAppointmentDto } from './admin-appointments.dto';
import { type AppointmentRecord, AppointmentRecords, type AppointmentStatus } from '../appointments';
import { InjectDb } from '../../database/database.module';
import type { Database } from '../../database/database.types';
import { invalidTransition } from './booking-errors';
import { stateMessage } from './booking-rules';
import { PaymentsService } from '../payments';
import { BookingWrites } from './booking-writes';
import { BookingRepository } from './booking.repository';
import { isUuid } from '@rdv/sectors';

const STATUSES: readonly AppointmentStatus[] = ['pending', 'confirmed', 'refused', 'cancelled'];

function name(parts: Array<string | null | undefined>): string {
  return parts.filter(Boolean).join(' ');
}

export function toAdminAppointment(r: AppointmentRecord): AdminAppointmentDto {
  return {
    id: r.id,
    refAppointment: r.refAppointment,
    status: r.status,
    mode: r.mode,
    startsAt: r.startsAt.toISOString(),
    endsAt: r.endsAt.toISOString(),
    timezone: r.timezone,
    userId: r.userId,
    professionalName: name([r.pro.firstName, r.pro.lastName]),
    professionalEmail: r.pro.email,
    attendeeId: r.attendeeId,
    attendeeName: r.attendee ? name([r.attendee.firstName, r.attendee.lastName]) || null : null,
    attendeeEmail: r.attendee?.email ?? null,
    motiveTitle: r.motiveTitle,
    createdBy: r.createdBy,
    refusalReason: r.refusalReason,
    cancelledBy: r.cancelledBy,
    cancellationReason: r.cancellationReason,
    payment: r.payment
      ? {
          status: r.payment.status,
          amountCents: r.payment.amountCents,
          refundedCents: r.payment.refundedCents,
          legalAid: r.payment.legalAid,
        }
      : null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

function uuidFilter(value: unknown, label: string): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || !isUuid(value))
    throw new DomainError('VALIDATION_FAILED', `Le filtre ${label} est invalide`, 400);
  return value;
}

function dateFilter(value: unknown, label: string): Date | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const date = typeof value === 'string' && value.length <= 40 ? new Date(value) : new Date(NaN);
  if (Number.isNaN(date.getTime()))
    throw new DomainError('VALIDATION_FAILED', `La date ${label} est invalide`, 400);
  return date;
}

const notFound = () => new NotFoundError('APPOINTMENT_NOT_FOUND', 'Rendez-vous introuvable');

/** The console's appointments: list with filters, show, cancel on behalf of either side (both told). */
@Injectable()
export class AdminAppointmentsService {
  constructor(
    private readonly records: AppointmentRecords,
    @InjectDb() private readonly db: Database,
    private readonly repository: BookingRepository,
    private readonly writes: BookingWrites,
    private readonly audit: AuditService,
    private readonly payments: PaymentsService,
  ) {}

  async list(query: AdminListQueryDto) {
    const params = parseAdminList(query, ['startsAt', 'createdAt', 'status'] as const, 'startsAt');
    if (!query.sort) params.order = 'DESC';
    const f = params.filter;
    if (f.status !== undefined && f.status !== '' && !STATUSES.includes(f.status as AppointmentStatus))
      throw new DomainError('VALIDATION_FAILED', 'Statut de rendez-vous inconnu', 400);
    const { rows, total } = await this.records.listForAdmin(
      {
        userId: uuidFilter(f.userId, 'professionnel'),
        attendeeId: uuidFilter(f.attendeeId, 'client'),
        status: (f.status || undefined) as AppointmentStatus | undefined,
        from: dateFilter(f.from, 'de début'),
        to: dateFilter(f.to, 'de fin'),
        ids: idsFilter(f)?.filter((id): id is string => typeof id === 'string' && isUuid(id)),
      },
      { field: params.sortField, order: params.order },
      { offset: params.offset, limit: params.limit },
    );
    return { rows: rows.map(toAdminAppointment), offset: params.offset, total };
  }

  async get(id: string): Promise<AdminAppointmentDto> {
    const record = await this.records.find({ id });
    if (!record) throw notFound();
    return toAdminAppointment(record);
  }

  async cancel(adminId: string, id: string, dto: AdminCancelAppointmentDto): Promise<AdminAppointmentDto> {
    const { before, after } = await this.cancelOnBehalf(id, dto.on_behalf_of, dto.reason?.trim() || null);
    await this.audit.record(this.db, {
      adminId,
      action: 'cancel',
      resource: 'appointments',
      resourceId: id,
      before: toAdminAppointment(before),
      after: toAdminAppointment(after),
    });
    return toAdminAppointment(after);
  }

  /**
   * Cancels on behalf of the professional or the client. Both sides are told (the
   * `cancelled` notification mails the client and the professional). Returns the record before / after.
   */
  private async cancelOnBehalf(
    id: string,
    onBehalfOf: 'attendee' | 'user',
    reason: string | null,
  ): Promise<{ before: AppointmentRecord; after: AppointmentRecord }> {
    const userId = await this.repository.ownerOf(id);
    if (!userId) throw notFound();
    return this.writes.transaction(async (tx) => {
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
      // A paid appointment is refunded as if that side had cancelled it: all on the professional's behalf, the
      // motive's rule on the client's.
      await this.payments.afterChange(
        tx,
        id,
        onBehalfOf === 'user' ? 'cancelled_by_professional' : 'cancelled_by_client',
      );
      await this.writes.notify(tx, { event: 'cancelled', appointmentId: id, reason });
      const after = (await this.records.find({ id }, tx))!;
      return { before, after };
    });
  }
}
