import { Injectable } from '@nestjs/common';
import { DomainError, ForbiddenError, InvalidFieldsError } from '../../common/domain-error';
import { Transactions } from '../../database/database.module';
import { GeocodingRequests } from '../geocoding';
import { AuthenticatedAccount, Clock, hashPassword, Sessions } from '../identity';
import { assertManagesUser } from './account-access';
import { isUuid } from '@rdv/sectors';
import {
  accountNotExist,
  emailAlreadyExists,
  forbidden,
  invalidPhone,
  mapUserWriteError,
  passwordMismatch,
  usernameTaken,
} from './account-errors';
import { AccountSlugs } from './account-slugs';
import { loadUserView, loadUserViews } from './account-views';
import type { CreateUserDto, EventsFuturCountDto, UpdateUserDto, UserDto } from './accounts.dto';
import { AccountsRepository, type NewUserRow, type UserListQuery } from './accounts.repository';
import { CALLING_CODES, normalizePhone, type PhoneCountry } from './phone-numbers';
import { RegistrationService } from './registration.service';

const TIME_ZONES = new Set(Intl.supportedValuesOf('timeZone'));

/** Whether a change of the professional moves where the directory places them. */
const movesPractice = (patch: Partial<NewUserRow>) =>
  patch.street !== undefined ||
  patch.postalCode !== undefined ||
  patch.cityId !== undefined ||
  patch.teamId !== undefined;
const MAX_COUNT_IDS = 100;

/**
 * Professionals' accounts (users): creation (by an administrator or an accepted registration request), their
 * profile, the console's list. A professional manages only themself; administrators manage everyone.
 */
@Injectable()
export class ProfessionalsService {
  constructor(
    private readonly repository: AccountsRepository,
    private readonly slugs: AccountSlugs,
    private readonly registrations: RegistrationService,
    private readonly clock: Clock,
    private readonly sessions: Sessions,
    private readonly transactions: Transactions,
    private readonly geocoding: GeocodingRequests,
  ) {}

  async createUser(dto: CreateUserDto): Promise<UserDto> {
    if (dto.password !== undefined && dto.password !== dto.password_confirmation) throw passwordMismatch();
    if (await this.repository.userEmailTaken(dto.email)) throw emailAlreadyExists();
    if (dto.username !== undefined && (await this.repository.usernameTaken(dto.username)))
      throw usernameTaken();
    const country: PhoneCountry = dto.country ?? 'FR';
    const specialityIds = await this.checkedSpecialityIds(dto.speciality_ids);
    const values: NewUserRow = {
      ...this.profilePatch(dto, country),
      ...(await this.placePatch(dto)),
      email: dto.email,
      firstName: dto.first_name,
      lastName: dto.last_name,
      username: dto.username ?? (await this.slugs.uniqueUsername(`${dto.first_name}.${dto.last_name}`)),
      userUri: await this.slugs.uniqueUserUri(`${dto.first_name} ${dto.last_name}`),
      passwordHash: dto.password !== undefined ? await hashPassword(dto.password) : null,
      isActive: dto.is_active ?? true,
      teamId: dto.team_id ?? null,
      subscribedAt: dto.subscribed_at ? new Date(dto.subscribed_at) : null,
    };
    try {
      // Without a password, the professional is invited by mail to finish the sign-up.
      const row = await this.transactions.run(async (tx) => {
        const inserted = await this.repository.insertUser(values, tx);
        if (specialityIds?.length) await this.repository.replaceSpecialities(tx, inserted.id, specialityIds);
        await this.geocoding.request(tx, { userId: inserted.id });
        if (inserted.passwordHash === null && inserted.isActive)
          await this.registrations.enqueueInvitation(tx, inserted.id);
        return inserted;
      });
      return loadUserView(this.repository, row);
    } catch (error) {
      throw mapUserWriteError(error);
    }
  }

  async getUser(actor: AuthenticatedAccount, id: string): Promise<UserDto> {
    assertManagesUser(actor, id);
    const row = isUuid(id) ? await this.repository.findUserById(id) : undefined;
    if (!row) throw accountNotExist();
    return loadUserView(this.repository, row);
  }

  async updateUser(actor: AuthenticatedAccount, id: string, dto: UpdateUserDto): Promise<UserDto> {
    assertManagesUser(actor, id);
    if (
      actor.kind !== 'admin' &&
      (dto.username !== undefined ||
        dto.is_active !== undefined ||
        dto.team_id !== undefined ||
        dto.subscribed_at !== undefined)
    ) {
      throw new ForbiddenError('ADMIN_ONLY_FIELD', 'Seul un administrateur peut modifier ce champ');
    }
    const row = isUuid(id) ? await this.repository.findUserById(id) : undefined;
    if (!row) throw accountNotExist();
    if (
      dto.email !== undefined &&
      dto.email !== row.email &&
      (await this.repository.userEmailTaken(dto.email, id))
    )
      throw emailAlreadyExists();
    // (The contract's 409 comes first.) The professional's own address moves only through the link mailed to the new one (auth/user/change-email).
    if (actor.kind !== 'admin' && dto.email !== undefined && dto.email !== row.email)
      throw new DomainError(
        'EMAIL_CHANGE_NEEDS_CONFIRMATION',
        'Pour changer votre adresse email, utilisez « Changer d’adresse email » : un lien de confirmation est envoyé à la nouvelle adresse',
        400,
      );
    if (
      dto.username !== undefined &&
      dto.username !== row.username &&
      (await this.repository.usernameTaken(dto.username, id))
    )
      throw usernameTaken();
    const country = (dto.country ?? row.country) as PhoneCountry;
    const patch: Partial<NewUserRow> = this.profilePatch(dto, country);
    Object.assign(patch, await this.placePatch(dto));
    const specialityIds = await this.checkedSpecialityIds(dto.speciality_ids);
    if (dto.first_name !== undefined) patch.firstName = dto.first_name;
    if (dto.last_name !== undefined) patch.lastName = dto.last_name;
    if (dto.email !== undefined) patch.email = dto.email;
    if (dto.username !== undefined) patch.username = dto.username;
    if (dto.is_active !== undefined) patch.isActive = dto.is_active;
    if (dto.team_id !== undefined) patch.teamId = dto.team_id;
    if (dto.subscribed_at !== undefined)
      patch.subscribedAt = dto.subscribed_at ? new Date(dto.subscribed_at) : null;
    if (patch.telephone !== undefined && patch.telephone === row.telephone) {
      delete patch.telephone;
      delete patch.phoneVerifiedAt;
    }
    if (Object.keys(patch).length === 0 && specialityIds === undefined)
      return loadUserView(this.repository, row);
    try {
      const updated = await this.transactions.run(async (tx) => {
        const row = Object.keys(patch).length
          ? await this.repository.updateUser(id, patch, tx)
          : await this.repository.findUserById(id, tx);
        if (row && specialityIds !== undefined)
          await this.repository.replaceSpecialities(tx, id, specialityIds);
        // A new practice address (or commune, or office) is placed again by the geocoder, after the commit.
        if (row && movesPractice(patch)) await this.geocoding.request(tx, { userId: id });
        // Deactivation ends the professional's open sessions at once.
        if (row && patch.isActive === false) await this.sessions.revokeAll(tx, 'user', id, this.clock.now());
        return row;
      });
      if (!updated) throw accountNotExist();
      return loadUserView(this.repository, updated);
    } catch (error) {
      throw mapUserWriteError(error);
    }
  }

  async eventsFuturCount(
    actor: AuthenticatedAccount,
    id: string,
    ids: string[],
  ): Promise<EventsFuturCountDto> {
    assertManagesUser(actor, id);
    const requested = [...new Set(ids.length > 0 ? ids : [id])];
    if (requested.length > MAX_COUNT_IDS)
      throw new DomainError('VALIDATION_FAILED', `Au plus ${MAX_COUNT_IDS} identifiants`, 400);
    if (!requested.every(isUuid))
      throw new DomainError('VALIDATION_FAILED', 'Les identifiants doivent être des UUID', 400);
    if (actor.kind !== 'admin') {
      // A professional may count their own appointments and those of their office's colleagues.
      const allowed = new Set(await this.repository.teammatesAmong(actor.id, requested));
      if (requested.some((requestedId) => !allowed.has(requestedId))) throw forbidden();
    }
    const counts = await this.repository.countFutureAppointments(requested, this.clock.now());
    const perUser = requested.map((userId) => ({ user_id: userId, count: counts.get(userId) ?? 0 }));
    return { u_f_e_c: perUser, count: perUser.reduce((sum, item) => sum + item.count, 0) };
  }

  async listUsers(query: UserListQuery): Promise<{ rows: UserDto[]; total: number }> {
    const { rows, total } = await this.repository.listUsers(query);
    return { rows: await loadUserViews(this.repository, rows), total };
  }

  /** Columns shared by create and update of a professional (the profile fields). */
  private profilePatch(dto: UpdateUserDto | CreateUserDto, country: PhoneCountry): Partial<NewUserRow> {
    const patch: Partial<NewUserRow> = {};
    if (dto.civility !== undefined) patch.civility = dto.civility;
    if (dto.telephone !== undefined) {
      if (dto.telephone === null || dto.telephone === '') {
        patch.telephone = null;
      } else {
        // The office's country reads national numbers; any FR, BE or CH number is accepted.
        const phone = normalizePhone(dto.telephone, country, false);
        if (!phone) throw invalidPhone();
        patch.telephone = phone.e164;
      }
      patch.phoneVerifiedAt = null;
    }
    if (dto.public_phone !== undefined) {
      if (dto.public_phone === null || dto.public_phone.trim() === '') {
        patch.publicPhone = null;
      } else {
        const phone = normalizePhone(dto.public_phone, country, false);
        if (!phone) throw invalidPhone();
        patch.publicPhone = phone.e164;
      }
    }
    if (dto.country !== undefined) {
      patch.country = dto.country;
      patch.countryCode = CALLING_CODES[dto.country];
    }
    if (dto.timezone !== undefined) {
      if (!TIME_ZONES.has(dto.timezone))
        throw new DomainError('VALIDATION_FAILED', 'Fuseau horaire inconnu', 400);
      patch.timezone = dto.timezone;
    }
    if (dto.language !== undefined) patch.language = dto.language;
    if (dto.spoken_languages !== undefined) patch.spokenLanguages = [...new Set(dto.spoken_languages)];
    if (dto.presentation_title !== undefined) patch.presentationTitle = dto.presentation_title;
    if (dto.presentation !== undefined) patch.presentation = dto.presentation;
    if (dto.mail_copy_activated !== undefined) patch.mailCopyActivated = dto.mail_copy_activated;
    if (dto.copy_emails !== undefined) patch.copyEmails = [...new Set(dto.copy_emails)];
    if (dto.indexable !== undefined) patch.indexable = dto.indexable;
    if (dto.accepts_legal_aid !== undefined) patch.acceptsLegalAid = dto.accepts_legal_aid;
    if (dto.bar !== undefined) patch.bar = dto.bar;
    return patch;
  }

  /** The practice commune (with its coordinates: the minimum geocoding) and the office address. */
  private async placePatch(dto: UpdateUserDto | CreateUserDto): Promise<Partial<NewUserRow>> {
    const patch: Partial<NewUserRow> = {};
    if (dto.city_uri === null)
      Object.assign(patch, { cityId: null, latitude: null, longitude: null, locationPrecision: 'commune' });
    else if (dto.city_uri !== undefined) {
      const city = await this.repository.cityByUri(dto.city_uri);
      if (!city) throw new InvalidFieldsError('VALIDATION_FAILED', { city_uri: 'Commune inconnue' });
      Object.assign(patch, {
        cityId: city.id,
        latitude: city.latitude,
        longitude: city.longitude,
        locationPrecision: 'commune',
      });
    }
    if (dto.street !== undefined) patch.street = dto.street?.trim() || null;
    if (dto.postal_code !== undefined) patch.postalCode = dto.postal_code?.trim() || null;
    if (dto.fees_info !== undefined) patch.feesInfo = dto.fees_info?.trim() || null;
    return patch;
  }

  /** The specialities asked for, without repeats, in their order; an unknown or disabled one is a 400. */
  private async checkedSpecialityIds(ids: number[] | undefined): Promise<number[] | undefined> {
    if (ids === undefined) return undefined;
    const unique = [...new Set(ids)];
    const known = new Set(await this.repository.enabledSpecialityIds(unique));
    if (unique.some((id) => !known.has(id)))
      throw new InvalidFieldsError('VALIDATION_FAILED', { speciality_ids: 'Domaine de compétence inconnu' });
    return unique;
  }
}
