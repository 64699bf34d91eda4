import type { AdminDto, AttendeeDto, UserDto } from './accounts.dto';
import type { AdminRow, AttendeeRow, UserRow } from './accounts.repository';

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

/** A professional as the API shows it: spec §3 names, `_id`, never the password hash. */
export function toUserView(row: UserRow): UserDto {
  return {
    _id: row.id,
    username: row.username,
    email: row.email,
    civility: row.civility,
    first_name: row.firstName,
    last_name: row.lastName,
    telephone: row.telephone,
    phoneVerifiedAt: iso(row.phoneVerifiedAt),
    userUri: row.userUri,
    country: row.country,
    country_code: row.countryCode,
    timezone: row.timezone,
    language: row.language,
    spoken_languages: row.spokenLanguages,
    picture: row.picture,
    presentation_title: row.presentationTitle,
    presentation: row.presentation,
    mail_copy_activated: row.mailCopyActivated,
    copy_emails: row.copyEmails,
    indexable: row.indexable,
    teamId: row.teamId,
    isActive: row.isActive,
    registrationComplete: row.passwordHash !== null,
    cguAcceptedAt: iso(row.cguAcceptedAt),
    privacyAcceptedAt: iso(row.privacyAcceptedAt),
    createdAt: row.createdAt.toISOString(),
  };
}

export function toAttendeeView(row: AttendeeRow): AttendeeDto {
  return {
    _id: row.id,
    civility: row.civility,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    birthdate: row.birthdate,
    phone: row.phone,
    phone_country_code: row.phoneCountryCode,
    phoneVerifiedAt: iso(row.phoneVerifiedAt),
    cguAcceptedAt: iso(row.cguAcceptedAt),
    privacyAcceptedAt: iso(row.privacyAcceptedAt),
    createdAt: row.createdAt.toISOString(),
  };
}

export function toAdminView(row: AdminRow): AdminDto {
  return { _id: row.id, email: row.email, first_name: row.firstName, last_name: row.lastName };
}
