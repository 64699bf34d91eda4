import { Injectable } from '@nestjs/common';
import { ConflictError, DomainError, NotFoundError } from '../../common/domain-error';
import { QUEUES } from '../../queue/queue.constants';
import { ProfessionalsService } from '../accounts';
import { AuditService } from '../audit';
import { SponsorshipRepository } from '../sponsorship';
import { OfficesService } from '../offices';
import { OutboxService } from '../outbox';
import { AdminListQueryDto, idsFilter, parseAdminList, textFilter } from '../../common/admin-list';
import { likeEscape } from '../../common/like-pattern';
import type { AdminRegistrationRequestDto, RefuseRegistrationRequestDto } from './registration-requests.dto';
import {
  RegistrationRequestRow,
  RegistrationRequestsRepository,
  RegistrationRequestStatus,
} from './registration-requests.repository';
import { checkOfficeIdentifier, isUuid, CIVILITIES } from '@rdv/sectors';
import { deployedSector } from '../../common/office-identifier';
import { Transactions } from '../../database/database.module';

export const REGISTRATION_REFUSED_JOB = 'registration-request.refused';

const STATUSES: readonly RegistrationRequestStatus[] = ['pending', 'accepted', 'refused'];

export interface RegistrationRefusedPayload {
  registrationRequestId: string;
  civility: string;
  firstName: string;
  lastName: string;
  email: string;
  reason: string;
}

function toDto(row: RegistrationRequestRow): AdminRegistrationRequestDto {
  return {
    id: row.id,
    civility: row.civility,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    officeName: row.officeName,
    officeNumber: row.officeNumber,
    city: row.city,
    message: row.message,
    status: row.status,
    refusalReason: row.refusalReason,
    professionalId: row.professionalId,
    createdAt: row.createdAt.toISOString(),
    handledAt: row.handledAt ? row.handledAt.toISOString() : null,
  };
}

const notFound = () =>
  new NotFoundError('REGISTRATION_REQUEST_NOT_FOUND', 'Demande d’inscription introuvable');
const alreadyHandled = () =>
  new ConflictError('REGISTRATION_REQUEST_ALREADY_HANDLED', 'Cette demande d’inscription a déjà été traitée');

/** The console's registration requests: list, show, accept (pending professional + invitation), refuse (mail). */
@Injectable()
export class RegistrationRequestsService {
  constructor(
    private readonly repository: RegistrationRequestsRepository,
    private readonly transactions: Transactions,
    private readonly accounts: ProfessionalsService,
    private readonly audit: AuditService,
    private readonly outbox: OutboxService,
    private readonly sponsorship: SponsorshipRepository,
    private readonly offices: OfficesService,
  ) {}

  async list(query: AdminListQueryDto) {
    const params = parseAdminList(
      query,
      ['createdAt', 'lastName', 'city', 'status', 'handledAt'] as const,
      'createdAt',
    );
    if (!query.sort) params.order = 'DESC';
    const status = params.filter.status;
    if (status !== undefined && !STATUSES.includes(status as RegistrationRequestStatus))
      throw new DomainError('VALIDATION_FAILED', 'Statut de demande inconnu', 400);
    const q = textFilter(params.filter);
    const { rows, total } = await this.repository.list(params, {
      q: q ? likeEscape(q) : undefined,
      status: status as RegistrationRequestStatus | undefined,
      ids: idsFilter(params.filter)?.filter((id): id is string => typeof id === 'string' && isUuid(id)),
    });
    return { rows: rows.map(toDto), offset: params.offset, total };
  }

  async get(id: string): Promise<AdminRegistrationRequestDto> {
    const row = await this.repository.find(id);
    if (!row) throw notFound();
    return toDto(row);
  }

  /**
   * Creates the professional without a password (the accounts module mails the sign-up invitation,
   * the same link as "Renvoyer l’invitation") and marks the request accepted. What the applicant already
   * typed is carried over so the sign-up does not ask it again: the phone, the commune (when the typed city
   * names exactly one) and the office (created with them as its manager, or a join request when another
   * professional already registered its number).
   */
  async accept(adminId: string, id: string): Promise<AdminRegistrationRequestDto> {
    const current = await this.repository.find(id);
    if (!current) throw notFound();
    if (current.status !== 'pending') throw alreadyHandled();
    const cityUri = await this.repository.communeNamed(current.city);
    const professional = await this.accounts.createUser({
      first_name: current.firstName,
      last_name: current.lastName,
      email: current.email,
      ...((CIVILITIES as readonly string[]).includes(current.civility) && { civility: current.civility }),
      telephone: current.phone,
      ...(cityUri && { city_uri: cityUri }),
    });
    const saved = await this.transactions.run(async (tx) => {
      const row = await this.repository.decide(tx, id, {
        status: 'accepted',
        professionalId: professional._id,
      });
      if (!row) throw alreadyHandled();
      // Came by a colleague's referral link: the new professional counts as their referral.
      if (current.referralCode)
        await this.sponsorship.linkReferral(tx, professional._id, current.referralCode);
      await this.audit.record(tx, {
        adminId,
        action: 'accept',
        resource: 'registration-requests',
        resourceId: id,
        before: toDto(current),
        after: toDto(row),
      });
      return row;
    });
    await this.carryOffice(professional._id, current, cityUri);
    return toDto(saved);
  }

  /**
   * The office of the request, for the new professional. Without a registration number no office can be
   * created (the number is its identity): "Mon cabinet" asks for it later. A refusal here never undoes the
   * acceptance: the professional is created and invited, and creates or joins their office themselves.
   */
  private async carryOffice(
    professionalId: string,
    request: RegistrationRequestRow,
    cityUri: string | undefined,
  ): Promise<void> {
    const name = request.officeName?.trim();
    // The public form checked the number; checked again in this deployment's terms (SIRET or crpcen) all the same.
    const number = request.officeNumber
      ? checkOfficeIdentifier(deployedSector(), request.officeNumber)
      : null;
    if (!name || !number?.ok) return;
    const extId = number.value;
    try {
      await this.offices.create(professionalId, { name, ext_id: extId, city_uri: cityUri ?? null });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      if (error.code !== 'EXT_ID_ALREADY_EXISTS') return;
      await this.offices.requestToJoin(professionalId, extId).catch((joinError: unknown) => {
        if (!(joinError instanceof DomainError)) throw joinError;
      });
    }
  }

  /** Marks the request refused and mails the reason to the applicant (through the outbox). */
  async refuse(
    adminId: string,
    id: string,
    dto: RefuseRegistrationRequestDto,
  ): Promise<AdminRegistrationRequestDto> {
    const reason = dto.reason.trim();
    if (reason.length < 3)
      throw new DomainError('VALIDATION_FAILED', 'Le motif du refus est obligatoire', 400);
    const saved = await this.transactions.run(async (tx) => {
      const current = await this.repository.lock(tx, id);
      if (!current) throw notFound();
      if (current.status !== 'pending') throw alreadyHandled();
      const row = await this.repository.decide(tx, id, { status: 'refused', refusalReason: reason });
      if (!row) throw alreadyHandled();
      const payload: RegistrationRefusedPayload = {
        registrationRequestId: row.id,
        civility: row.civility,
        firstName: row.firstName,
        lastName: row.lastName,
        email: row.email,
        reason,
      };
      await this.outbox.enqueue(tx, {
        queue: QUEUES.notifications,
        jobName: REGISTRATION_REFUSED_JOB,
        payload: payload as unknown as Record<string, unknown>,
      });
      await this.audit.record(tx, {
        adminId,
        action: 'refuse',
        resource: 'registration-requests',
        resourceId: id,
        before: toDto(current),
        after: toDto(row),
      });
      return row;
    });
    return toDto(saved);
  }
}
