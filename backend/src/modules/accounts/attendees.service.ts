import { Injectable } from '@nestjs/common';
import { DomainError } from '../../common/domain-error';
import { AuthenticatedAccount, Clock, hashPassword } from '../identity';
import { assertManagesAttendee } from './account-access';
import { COMPANY_FIELDS_TOGETHER, isUuid } from '@rdv/sectors';
import { AccountCredentialsService } from './account-credentials.service';
import {
  accountNotExist,
  emailAlreadyExists,
  forbidden,
  invalidPhone,
  passwordMismatch,
} from './account-errors';
import { toAttendeeView } from './account-views';
import type { AttendeeDto, AttendeeTokenDto, CreateAttendeeDto, UpdateAttendeeDto } from './accounts.dto';
import {
  AccountsRepository,
  type AttendeeRow,
  isUniqueViolation,
  type NewAttendeeRow,
} from './accounts.repository';
import { normalizePhone, type PhoneCountry } from './phone-numbers';

/**
 * Clients' accounts (attendees): public sign-up, their profile, and who may read it: the client themself,
 * an administrator, or a professional the client has an appointment with.
 */
@Injectable()
export class AttendeesService {
  constructor(
    private readonly repository: AccountsRepository,
    private readonly credentials: AccountCredentialsService,
    private readonly clock: Clock,
  ) {}

  async createAttendee(dto: CreateAttendeeDto): Promise<AttendeeTokenDto> {
    if (dto.password !== dto.password_confirmation) throw passwordMismatch();
    // An attendee who booked without an account already has a row (no password): they set one
    // through "forgotten password", which proves they own the address. Sign-up never claims it.
    if (await this.repository.attendeeEmailTaken(dto.email)) throw emailAlreadyExists();
    const now = this.clock.now();
    const values: NewAttendeeRow = {
      ...this.attendeePatch(dto, undefined),
      email: dto.email,
      firstName: dto.first_name,
      lastName: dto.last_name,
      passwordHash: await hashPassword(dto.password),
      cguAcceptedAt: now,
      privacyAcceptedAt: now,
    };
    try {
      const row = await this.repository.insertAttendee(values);
      return { token: this.credentials.issueToken('attendee', row.id), attendee: toAttendeeView(row) };
    } catch (error) {
      if (isUniqueViolation(error)) throw emailAlreadyExists();
      throw error;
    }
  }

  async getAttendee(actor: AuthenticatedAccount, id: string): Promise<AttendeeDto> {
    if (!(await this.canReadAttendee(actor, id))) throw forbidden();
    const row = isUuid(id) ? await this.repository.findAttendeeById(id) : undefined;
    if (!row) throw accountNotExist();
    return toAttendeeView(row);
  }

  async updateAttendee(
    actor: AuthenticatedAccount,
    id: string,
    dto: UpdateAttendeeDto,
  ): Promise<AttendeeDto> {
    assertManagesAttendee(actor, id);
    const row = isUuid(id) ? await this.repository.findAttendeeById(id) : undefined;
    if (!row) throw accountNotExist();
    if (
      dto.email !== undefined &&
      dto.email !== row.email &&
      (await this.repository.attendeeEmailTaken(dto.email, id))
    )
      throw emailAlreadyExists();
    // (The contract's 409 comes first.) A client's own address moves only through the link mailed to the new
    // one (auth/attendee/change-email): a session left open must not be enough to take the account.
    if (actor.kind !== 'admin' && dto.email !== undefined && dto.email !== row.email)
      throw new DomainError(
        'EMAIL_CHANGE_NEEDS_CONFIRMATION',
        'Pour changer votre adresse email, demandez le changement avec votre mot de passe actuel : un lien de confirmation est envoyé à la nouvelle adresse',
        400,
      );
    const patch: Partial<NewAttendeeRow> = this.attendeePatch(dto, row);
    if (dto.first_name !== undefined) patch.firstName = dto.first_name;
    if (dto.last_name !== undefined) patch.lastName = dto.last_name;
    if (dto.email !== undefined) patch.email = dto.email;
    if (Object.keys(patch).length === 0) return toAttendeeView(row);
    try {
      const updated = await this.repository.updateAttendee(id, patch);
      if (!updated) throw accountNotExist();
      return toAttendeeView(updated);
    } catch (error) {
      if (isUniqueViolation(error)) throw emailAlreadyExists();
      throw error;
    }
  }

  private async canReadAttendee(actor: AuthenticatedAccount, attendeeId: string): Promise<boolean> {
    if (actor.kind === 'admin') return true;
    if (actor.kind === 'attendee') return actor.id === attendeeId;
    return isUuid(attendeeId) && (await this.repository.userHasAppointmentWith(actor.id, attendeeId));
  }

  private attendeePatch(
    dto: UpdateAttendeeDto | CreateAttendeeDto,
    row: AttendeeRow | undefined,
  ): Partial<NewAttendeeRow> {
    const patch: Partial<NewAttendeeRow> = {};
    if (dto.civility !== undefined) patch.civility = dto.civility;
    if (dto.birthdate !== undefined) {
      if (dto.birthdate === null) patch.birthdate = null;
      else {
        const birth = new Date(`${dto.birthdate}T00:00:00Z`);
        const valid =
          !Number.isNaN(birth.getTime()) &&
          birth.toISOString().startsWith(dto.birthdate) &&
          birth.getUTCFullYear() >= 1900 &&
          birth < this.clock.now();
        if (!valid) throw new DomainError('VALIDATION_FAILED', 'La date de naissance est invalide', 400);
        patch.birthdate = dto.birthdate;
      }
    }
    if (dto.phone !== undefined || dto.phone_country_code !== undefined) {
      const rawPhone = dto.phone !== undefined ? dto.phone : row?.phone;
      if (rawPhone === null || rawPhone === '' || rawPhone === undefined) {
        patch.phone = null;
        patch.phoneCountryCode = dto.phone_country_code ?? null;
      } else {
        const country = (dto.phone_country_code ?? row?.phoneCountryCode ?? 'FR') as PhoneCountry;
        const phone = normalizePhone(rawPhone, country);
        if (!phone) throw invalidPhone();
        patch.phone = phone.e164;
        patch.phoneCountryCode = phone.country;
      }
      if (!row || patch.phone !== row.phone) patch.phoneVerifiedAt = null;
      else delete patch.phone;
    }
    if (dto.company_name !== undefined || dto.company_siret !== undefined) {
      // Name and SIRET go on the fee notes together (Factur-X needs both): one alone is refused.
      const name = dto.company_name !== undefined ? dto.company_name : (row?.companyName ?? null);
      const siret = dto.company_siret !== undefined ? dto.company_siret : (row?.companySiret ?? null);
      if (Boolean(name) !== Boolean(siret))
        throw new DomainError('VALIDATION_FAILED', COMPANY_FIELDS_TOGETHER, 400);
      patch.companyName = name || null;
      patch.companySiret = siret || null;
    }
    return patch;
  }
}
