import { Transactions, InjectDb } from '../../database/database.module';
import { Inject, Injectable } from '@nestjs/common';
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  InvalidFieldsError,
  NotFoundError,
} from '../../common/domain-error';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import type { Database, DbOrTx } from '../../database/database.types';
import { QUEUES } from '../../queue/queue.constants';
import {
  AccessTokens,
  AccountKind,
  AuthenticatedAccount,
  Clock,
  LinkTokens,
  Sessions,
  hashPassword,
} from '../identity';
import { OutboxService } from '../outbox';
import type { AdminClientDto } from './admin-clients.dto';
import {
  accountNotExist,
  emailAlreadyExists,
  forbidden,
  invalidPhone,
  passwordMismatch,
} from './account-errors';
import { REGISTRATION_INVITE_JOB } from './registration-invite';
import { toAdminView, toAttendeeView, toUserView } from './account-views';
import type {
  AdminDto,
  AttendeeDto,
  AttendeeTokenDto,
  CompleteRegistrationDto,
  CreateAttendeeDto,
  CreateUserDto,
  EventsFuturCountDto,
  RegistrationDto,
  UpdateAttendeeDto,
  UpdateUserDto,
  UserDto,
  UserTokenDto,
} from './accounts.dto';
import {
  AccountsRepository,
  AttendeeRow,
  isUniqueViolation,
  NewAttendeeRow,
  NewUserRow,
  UserListQuery,
  UserRow,
} from './accounts.repository';
import { CALLING_CODES, normalizePhone, PhoneCountry } from './phone-numbers';

const TIME_ZONES = new Set(Intl.supportedValuesOf('timeZone'));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_COUNT_IDS = 100;

export const isUuid = (value: string): boolean => UUID.test(value);

/** "Élodie de La Tour" -> "elodie-de-la-tour" */
export function slugify(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/œ/gi, 'oe')
    .replace(/æ/gi, 'ae')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}

function isForeignKeyViolation(error: unknown): boolean {
  return [error, (error as { cause?: unknown } | undefined)?.cause].some(
    (candidate) => (candidate as { code?: string } | undefined)?.code === '23503',
  );
}

/** Credentials of an account, for the login and reset flows of the auth module. */
export interface AccountCredentials {
  id: string;
  email: string;
  firstName: string | null;
  passwordHash: string | null;
  active: boolean;
}

export type AccountView = UserDto | AttendeeDto | AdminDto;

/** What sign-in needs of any kind of account; only professionals can be deactivated. */
function toAdminClient(row: AttendeeRow): AdminClientDto {
  return {
    id: row.id,
    email: row.email,
    civility: row.civility,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    birthdate: row.birthdate,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
  };
}

function toCredentials(
  row:
    | { id: string; email: string; firstName: string | null; passwordHash: string | null; isActive?: boolean }
    | undefined,
): AccountCredentials | undefined {
  return (
    row && {
      id: row.id,
      email: row.email,
      firstName: row.firstName,
      passwordHash: row.passwordHash,
      active: row.isActive ?? true,
    }
  );
}

/**
 * Professionals (users), attendees and admins: creation, profile updates, registration completion,
 * and the access rules between kinds of accounts (spec §6, issue 3):
 * a professional manages only themself and reads an attendee only with an appointment between them;
 * an attendee manages only themself; admins manage everyone.
 */
@Injectable()
export class AccountsService {
  private readonly tokens: AccessTokens;

  constructor(
    private readonly repository: AccountsRepository,
    private readonly clock: Clock,
    private readonly outbox: OutboxService,
    private readonly links: LinkTokens,
    private readonly sessions: Sessions,
    private readonly transactions: Transactions,
    @InjectDb() private readonly db: Database,
    @Inject(ENV) env: Env,
  ) {
    this.tokens = new AccessTokens(env.JWT_SECRET);
  }

  // ------------------------------------------------------------ used by the auth module

  /** Where notices for the back office go (e.g. a new registration request): every admin account. */
  adminEmails(): Promise<string[]> {
    return this.repository.listAdminEmails();
  }

  async credentials(kind: AccountKind, identifier: string): Promise<AccountCredentials | undefined> {
    if (kind === 'user') return toCredentials(await this.repository.findUserByLogin(identifier));
    if (kind === 'attendee') return toCredentials(await this.repository.findAttendeeByEmail(identifier));
    return toCredentials(await this.repository.findAdminByEmail(identifier));
  }

  /** Credentials by id (password reset mail). */
  async credentialsById(kind: AccountKind, id: string): Promise<AccountCredentials | undefined> {
    if (!isUuid(id)) return undefined;
    if (kind === 'user') return toCredentials(await this.repository.findUserById(id));
    if (kind === 'attendee') return toCredentials(await this.repository.findAttendeeById(id));
    return toCredentials(await this.repository.findAdminById(id));
  }

  /** The account without secrets, or undefined when it no longer exists or is deactivated. */
  async view(kind: AccountKind, id: string): Promise<AccountView | undefined> {
    if (!isUuid(id)) return undefined;
    if (kind === 'user') {
      const row = await this.repository.findUserById(id);
      return row && row.isActive ? this.userView(row) : undefined;
    }
    if (kind === 'attendee') {
      const row = await this.repository.findAttendeeById(id);
      return row && row.isActive ? toAttendeeView(row) : undefined;
    }
    const row = await this.repository.findAdminById(id);
    return row && toAdminView(row);
  }

  setPasswordHash(db: DbOrTx, kind: AccountKind, id: string, passwordHash: string): Promise<boolean> {
    return this.repository.setPasswordHash(db, kind, id, passwordHash);
  }

  issueToken(kind: AccountKind, id: string, notRevokedBy?: Date): string {
    return this.tokens.sign({ kind, id }, notRevokedBy);
  }

  // ------------------------------------------------------------ professionals

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
      username: dto.username ?? (await this.uniqueUsername(`${dto.first_name}.${dto.last_name}`)),
      userUri: await this.uniqueUserUri(`${dto.first_name} ${dto.last_name}`),
      passwordHash: dto.password !== undefined ? await hashPassword(dto.password) : null,
      isActive: dto.is_active ?? true,
      teamId: dto.team_id ?? null,
      subscribedAt: dto.subscribed_at ? new Date(dto.subscribed_at) : null,
    };
    try {
      // Without a password, the professional is invited by mail to finish at /user/inscription/{userId}?token=...
      const row = await this.transactions.run(async (tx) => {
        const inserted = await this.repository.insertUser(values, tx);
        if (specialityIds?.length) await this.repository.replaceSpecialities(tx, inserted.id, specialityIds);
        if (inserted.passwordHash === null && inserted.isActive)
          await this.enqueueInvitation(tx, inserted.id);
        return inserted;
      });
      return this.userView(row);
    } catch (error) {
      throw this.mapUserWriteError(error);
    }
  }

  /** The API's view of a professional: their row plus their commune and specialities. */
  private async userView(row: UserRow): Promise<UserDto> {
    const extras = await this.repository.profileExtrasOf([row.id]);
    return toUserView(row, extras.get(row.id)!);
  }

  async getUser(actor: AuthenticatedAccount, id: string): Promise<UserDto> {
    this.assertManagesUser(actor, id);
    const row = isUuid(id) ? await this.repository.findUserById(id) : undefined;
    if (!row) throw accountNotExist();
    return this.userView(row);
  }

  async updateUser(actor: AuthenticatedAccount, id: string, dto: UpdateUserDto): Promise<UserDto> {
    this.assertManagesUser(actor, id);
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
    if (Object.keys(patch).length === 0 && specialityIds === undefined) return this.userView(row);
    try {
      const updated = await this.transactions.run(async (tx) => {
        const row = Object.keys(patch).length
          ? await this.repository.updateUser(id, patch, tx)
          : await this.repository.findUserById(id, tx);
        if (row && specialityIds !== undefined)
          await this.repository.replaceSpecialities(tx, id, specialityIds);
        // Deactivation ends the professional's open sessions at once.
        if (row && patch.isActive === false) await this.sessions.revokeAll(tx, 'user', id, this.clock.now());
        return row;
      });
      if (!updated) throw accountNotExist();
      return this.userView(updated);
    } catch (error) {
      throw this.mapUserWriteError(error);
    }
  }

  /**
   * The pending sign-up behind a mailed link. Both the id and the link's token must match: a wrong,
   * used or expired token gets the same 404 as an unknown id, and nothing is revealed without it.
   */
  /**
   * Keeps the address a professional asked to move to until they open the link mailed to it (the
   * worker mails it): their current address stays the login until then.
   */
  async requestEmailChange(db: DbOrTx, userId: string, email: string): Promise<void> {
    const row = await this.repository.findUserById(userId, db);
    if (!row) throw accountNotExist();
    if (email === row.email) throw new DomainError('EMAIL_UNCHANGED', 'C’est déjà votre adresse email', 400);
    if (await this.repository.userEmailTaken(email, userId)) throw emailAlreadyExists();
    await this.repository.updateUser(userId, { pendingEmail: email }, db);
  }

  /** The professional's current and pending addresses, or undefined without a pending change. */
  async pendingEmailChange(
    userId: string,
    db?: DbOrTx,
  ): Promise<{ email: string; pendingEmail: string; firstName: string | null } | undefined> {
    const row = await this.repository.findUserById(userId, db);
    if (!row || !row.isActive || !row.pendingEmail) return undefined;
    return { email: row.email, pendingEmail: row.pendingEmail, firstName: row.firstName };
  }

  /** Moves the professional to the address they confirmed; undefined when no change is pending. */
  async applyPendingEmail(db: DbOrTx, userId: string): Promise<string | undefined> {
    const row = await this.repository.findUserById(userId, db);
    if (!row?.pendingEmail) return undefined;
    try {
      await this.repository.updateUser(userId, { email: row.pendingEmail, pendingEmail: null }, db);
    } catch (error) {
      throw this.mapUserWriteError(error);
    }
    return row.pendingEmail;
  }

  async registration(userId: string, token: string): Promise<RegistrationDto> {
    const row = await this.pendingRegistration(this.db, userId, token);
    return { first_name: row.firstName, last_name: row.lastName, email: row.email };
  }

  async completeRegistration(
    userId: string,
    token: string,
    dto: CompleteRegistrationDto,
  ): Promise<UserTokenDto> {
    const row = await this.pendingRegistration(this.db, userId, token);
    if (dto.password !== dto.password_confirmation) throw passwordMismatch();
    const phone = normalizePhone(dto.telephone, row.country as PhoneCountry, false);
    if (!phone) throw invalidPhone();
    const passwordHash = await hashPassword(dto.password);
    const now = this.clock.now();
    const updated = await this.transactions.run(async (tx) => {
      // Single use: the link is spent in the same transaction that sets the password.
      const owner = await this.links.consume(tx, 'registration', 'user', token, now);
      if (owner !== userId) return undefined;
      return this.repository.completeUserRegistration(
        userId,
        {
          passwordHash,
          telephone: phone.e164,
          phoneVerifiedAt: row.telephone === phone.e164 ? row.phoneVerifiedAt : null,
          cguAcceptedAt: now,
          privacyAcceptedAt: now,
        },
        tx,
      );
    });
    if (!updated) throw registrationNotFound();
    return { token: this.issueToken('user', updated.id), user: await this.userView(updated) };
  }

  /**
   * Admin: mails the sign-up link again (a new token; the worker kills the older links). Only for an
   * active professional who has not finished signing up.
   */
  async resendInvitation(userId: string): Promise<{ message: string }> {
    const row = isUuid(userId) ? await this.repository.findUserById(userId) : undefined;
    if (!row) throw accountNotExist();
    if (row.passwordHash !== null)
      throw new ConflictError(
        'REGISTRATION_ALREADY_COMPLETED',
        'Ce professionnel a déjà finalisé son inscription',
      );
    if (!row.isActive)
      throw new ConflictError(
        'ACCOUNT_DISABLED',
        "Ce compte est désactivé : réactivez-le avant d'envoyer l'invitation",
      );
    await this.enqueueInvitation(this.db, userId);
    return { message: `L'invitation a été renvoyée à ${row.email}.` };
  }

  async eventsFuturCount(
    actor: AuthenticatedAccount,
    id: string,
    ids: string[],
  ): Promise<EventsFuturCountDto> {
    this.assertManagesUser(actor, id);
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
    const extras = await this.repository.profileExtrasOf(rows.map((row) => row.id));
    return { rows: rows.map((row) => toUserView(row, extras.get(row.id)!)), total };
  }

  // ------------------------------------------------------------ attendees

  // ------------------------------------------------------------ admin console: clients

  async adminListAttendees(
    filter: { q?: string; isActive?: boolean; ids?: string[] },
    sort: { field: 'email' | 'lastName' | 'createdAt'; order: 'ASC' | 'DESC' },
    page: { offset: number; limit: number },
  ): Promise<{ rows: AdminClientDto[]; total: number }> {
    const { rows, total } = await this.repository.listAttendeesForAdmin(filter, sort, page);
    return { rows: rows.map(toAdminClient), total };
  }

  async adminGetAttendee(id: string): Promise<AdminClientDto> {
    const row = isUuid(id) ? await this.repository.findAttendeeById(id) : undefined;
    if (!row) throw accountNotExist();
    return toAdminClient(row);
  }

  /** Deactivates (sessions ended at once) or reactivates a client. */
  async adminSetAttendeeActive(
    id: string,
    isActive: boolean,
  ): Promise<{ before: AdminClientDto; after: AdminClientDto }> {
    return this.transactions.run(async (tx) => {
      const before = isUuid(id) ? await this.repository.findAttendeeById(id, tx) : undefined;
      if (!before) throw accountNotExist();
      const after = (await this.repository.setAttendeeActive(tx, id, isActive))!;
      if (!isActive) await this.sessions.revokeAll(tx, 'attendee', id, this.clock.now());
      return { before: toAdminClient(before), after: toAdminClient(after) };
    });
  }

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
      return { token: this.issueToken('attendee', row.id), attendee: toAttendeeView(row) };
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
    this.assertManagesAttendee(actor, id);
    const row = isUuid(id) ? await this.repository.findAttendeeById(id) : undefined;
    if (!row) throw accountNotExist();
    if (
      dto.email !== undefined &&
      dto.email !== row.email &&
      (await this.repository.attendeeEmailTaken(dto.email, id))
    )
      throw emailAlreadyExists();
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

  // ------------------------------------------------------------ phone verification (used by the phone-verification module)

  /** The account whose phone is being verified, checking that `actor` may manage it. */
  async assertCanVerifyPhone(
    actor: AuthenticatedAccount,
    kind: 'user' | 'attendee',
    id: string,
  ): Promise<UserRow | AttendeeRow> {
    if (kind === 'user') this.assertManagesUser(actor, id);
    else this.assertManagesAttendee(actor, id);
    const row = !isUuid(id)
      ? undefined
      : kind === 'user'
        ? await this.repository.findUserById(id)
        : await this.repository.findAttendeeById(id);
    if (!row) throw accountNotExist();
    return row;
  }

  /** Stores a phone number proven by an SMS code (E.164) and its verification date. */
  async markPhoneVerified(
    kind: 'user' | 'attendee',
    id: string,
    phone: string,
    country: PhoneCountry,
    at: Date,
  ): Promise<UserDto | AttendeeDto> {
    if (kind === 'user') {
      const row = await this.repository.updateUser(id, { telephone: phone, phoneVerifiedAt: at });
      if (!row) throw accountNotExist();
      return this.userView(row);
    }
    const row = await this.repository.updateAttendee(id, {
      phone,
      phoneCountryCode: country,
      phoneVerifiedAt: at,
    });
    if (!row) throw accountNotExist();
    return toAttendeeView(row);
  }

  // ------------------------------------------------------------ rules and helpers

  private assertManagesUser(actor: AuthenticatedAccount, userId: string): void {
    if (actor.kind === 'admin') return;
    if (actor.kind === 'user' && actor.id === userId) return;
    throw forbidden();
  }

  private assertManagesAttendee(actor: AuthenticatedAccount, attendeeId: string): void {
    if (actor.kind === 'admin') return;
    if (actor.kind === 'attendee' && actor.id === attendeeId) return;
    throw forbidden();
  }

  private async canReadAttendee(actor: AuthenticatedAccount, attendeeId: string): Promise<boolean> {
    if (actor.kind === 'admin') return true;
    if (actor.kind === 'attendee') return actor.id === attendeeId;
    return isUuid(attendeeId) && (await this.repository.userHasAppointmentWith(actor.id, attendeeId));
  }

  private async pendingRegistration(db: DbOrTx, userId: string, token: string): Promise<UserRow> {
    if (!isUuid(userId) || token.length === 0) throw registrationNotFound();
    const owner = await this.links.findValid(db, 'registration', 'user', token, this.clock.now());
    const row = owner === userId ? await this.repository.findUserById(userId, db) : undefined;
    if (!row || row.passwordHash !== null || !row.isActive) throw registrationNotFound();
    return row;
  }

  private enqueueInvitation(db: DbOrTx, userId: string): Promise<unknown> {
    return this.outbox.enqueue(db, {
      queue: QUEUES.notifications,
      jobName: REGISTRATION_INVITE_JOB,
      payload: { userId },
    });
  }

  /** Columns shared by create and update of a professional (the profile fields of spec §3). */
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
    if (dto.city_uri === null) Object.assign(patch, { cityId: null, latitude: null, longitude: null });
    else if (dto.city_uri !== undefined) {
      const city = await this.repository.cityByUri(dto.city_uri);
      if (!city) throw new InvalidFieldsError('VALIDATION_FAILED', { city_uri: 'Commune inconnue' });
      Object.assign(patch, { cityId: city.id, latitude: city.latitude, longitude: city.longitude });
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
    return patch;
  }

  private async uniqueUsername(base: string): Promise<string> {
    const slug = slugify(base).replace(/-/g, '.').slice(0, 56) || 'avocat';
    const root = slug.length >= 3 ? slug : `${slug}.pro`;
    for (let n = 1; n < 100; n += 1) {
      const candidate = n === 1 ? root : `${root}.${n}`;
      if (!(await this.repository.usernameTaken(candidate))) return candidate;
    }
    return `${root}.${Date.now().toString(36)}`;
  }

  private async uniqueUserUri(base: string): Promise<string> {
    const root = slugify(base) || 'professionnel';
    for (let n = 1; n < 100; n += 1) {
      const candidate = n === 1 ? root : `${root}-${n}`;
      if (!(await this.repository.userUriTaken(candidate))) return candidate;
    }
    return `${root}-${Date.now().toString(36)}`;
  }

  private mapUserWriteError(error: unknown): unknown {
    if (isUniqueViolation(error, 'users_email_unique')) return emailAlreadyExists();
    if (isUniqueViolation(error, 'users_username_unique')) return usernameTaken();
    if (isUniqueViolation(error)) return new ConflictError('CONFLICT', 'Ce compte existe déjà');
    if (isForeignKeyViolation(error))
      return new DomainError('TEAM_NOT_FOUND', "L'étude indiquée n'existe pas", 400);
    return error;
  }
}

const usernameTaken = () =>
  new ConflictError('USERNAME_ALREADY_EXISTS', "Ce nom d'utilisateur est déjà utilisé");
const registrationNotFound = () =>
  new NotFoundError('REGISTRATION_NOT_FOUND', 'Aucune inscription en attente pour ce compte');
