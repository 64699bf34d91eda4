import { Inject, Injectable } from '@nestjs/common';
import { getSector, isUuid, MESSAGES_FR, type Sector } from '@rdv/sectors';
import { DomainError, NotFoundError } from '../../common/domain-error';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { Transactions } from '../../database/database.module';
import { AppointmentRecords } from '../appointments';
import type { AuthenticatedAccount } from '../identity';
import { presentAppointment, presentResponse } from './appointment.presenter';
import { appointmentNotFound, invalidTransition } from './booking-errors';
import { isOpenForResponses, stateMessage } from './booking-rules';
import { BookingWrites } from './booking-writes';
import type {
  EventResponseItemDto,
  EventResponsesViewDto,
  MessageDto,
  SubmitAvailabilitiesDto,
} from './booking.dto';
import { BookingRepository } from './booking.repository';

/**
 * Requests for availabilities: the professional asks the client when they are free, the client answers
 * through the page the mail links to (by the appointment's id), and the professional reads the answers.
 */
@Injectable()
export class AvailabilityRequestsService {
  private readonly sector: Sector;

  constructor(
    private readonly repository: BookingRepository,
    private readonly writes: BookingWrites,
    private readonly records: AppointmentRecords,
    private readonly transactions: Transactions,
    @Inject(ENV) env: Env,
  ) {
    this.sector = getSector(env.SECTOR);
  }

  async requestAvailabilities(
    account: AuthenticatedAccount,
    id: string,
    message?: string,
  ): Promise<MessageDto> {
    return this.writes.transaction(async (tx) => {
      const record = await this.writes.ownedForUpdate(tx, account, id);
      if (record.status !== 'pending' && record.status !== 'confirmed')
        throw invalidTransition(stateMessage(record.status));
      if (!record.attendee) throw invalidTransition('Ce rendez-vous n’a pas de client à qui écrire');
      const clean = message?.trim() || null;
      await this.repository.insertAvailabilityRequest(tx, id, clean);
      await this.writes.notify(tx, { event: 'availabilities_requested', appointmentId: id, message: clean });
      return { message: 'La demande de disponibilités a été envoyée au client' };
    });
  }

  /** For the professional's /user/events (the guard checked the ownership). */
  async responsesOf(id: string): Promise<EventResponseItemDto[]> {
    const responses = await this.repository.eventResponses(id);
    return responses.map(presentResponse);
  }

  async eventResponsesView(id: string): Promise<EventResponsesViewDto> {
    const { record, request } = await this.requested(id);
    const responses = await this.repository.eventResponses(id);
    const dto = presentAppointment(record, 'public');
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
      responses: responses.map(presentResponse),
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
      await this.writes.notify(tx, {
        event: 'availabilities_submitted',
        appointmentId: id,
        availabilities,
        message,
      });
    });
    return { message: MESSAGES_FR.availabilitiesTaken(this.sector.words.definite) };
  }

  private async requested(id: string) {
    if (!isUuid(id)) throw appointmentNotFound();
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
}
