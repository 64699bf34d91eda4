import type {
  AdminDto,
  AttendeeDto,
  ProfileCompletenessDto,
  UserCityDto,
  UserDto,
  UserSpecialityDto,
} from './accounts.dto';
import type { AdminRow, AttendeeRow, UserRow } from './accounts.repository';

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

/** What a professional's view needs beyond their own row. */
export interface UserProfileExtras {
  city: UserCityDto | null;
  specialities: UserSpecialityDto[];
}

/**
 * The dashboard's completeness: to be listed (search, city pages) a professional needs a finished sign-up, an
 * active account and a practice commune (the listing's key); the rest makes the profile worth choosing.
 */
export function profileCompleteness(row: UserRow, extras: UserProfileExtras): ProfileCompletenessDto {
  const missingForListing = [
    ...(row.passwordHash === null ? ['Inscription à finaliser (mot de passe)'] : []),
    ...(!row.isActive ? ['Compte désactivé par un administrateur'] : []),
    ...(extras.city === null ? ['Ville d’exercice'] : []),
  ];
  const recommended: Array<[string, boolean]> = [
    ['Ville d’exercice', extras.city !== null],
    ['Adresse du cabinet', Boolean(row.street?.trim())],
    ['Domaines de compétence', extras.specialities.length > 0],
    ['Titre de présentation', Boolean(row.presentationTitle?.trim())],
    ['Présentation', Boolean(row.presentation?.trim())],
    ['Photo', Boolean(row.picture)],
    ['Honoraires', Boolean(row.feesInfo?.trim())],
    ['Téléphone', Boolean(row.telephone)],
  ];
  const missing = recommended.filter(([, done]) => !done).map(([label]) => label);
  return {
    listed: missingForListing.length === 0,
    missing_for_listing: missingForListing,
    missing,
    percent: Math.round((100 * (recommended.length - missing.length)) / recommended.length),
  };
}

/** A professional as the API shows it: docs/product.md §3 names, `_id`, never the password hash. */
export function toUserView(row: UserRow, extras: UserProfileExtras): UserDto {
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
    subscribedAt: iso(row.subscribedAt),
    registrationComplete: row.passwordHash !== null,
    cguAcceptedAt: iso(row.cguAcceptedAt),
    privacyAcceptedAt: iso(row.privacyAcceptedAt),
    createdAt: row.createdAt.toISOString(),
    city: extras.city,
    street: row.street,
    postal_code: row.postalCode,
    fees_info: row.feesInfo,
    accepts_legal_aid: row.acceptsLegalAid,
    bar: row.bar,
    public_phone: row.publicPhone,
    specialities: extras.specialities,
    profile_completeness: profileCompleteness(row, extras),
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
    company_name: row.companyName,
    company_siret: row.companySiret,
    cguAcceptedAt: iso(row.cguAcceptedAt),
    privacyAcceptedAt: iso(row.privacyAcceptedAt),
    createdAt: row.createdAt.toISOString(),
  };
}

export function toAdminView(row: AdminRow): AdminDto {
  return { _id: row.id, email: row.email, first_name: row.firstName, last_name: row.lastName };
}

/** What `loadUserView` needs of the repository (a structural type, so views stay free of Nest). */
interface ProfileExtrasSource {
  profileExtrasOf(userIds: string[]): Promise<Map<string, UserProfileExtras>>;
}

/** The API's view of a professional: their row plus their commune and specialities. */
export async function loadUserView(repository: ProfileExtrasSource, row: UserRow): Promise<UserDto> {
  const extras = await repository.profileExtrasOf([row.id]);
  return toUserView(row, extras.get(row.id)!);
}

/** The same for a page of professionals, with one query for the extras. */
export async function loadUserViews(repository: ProfileExtrasSource, rows: UserRow[]): Promise<UserDto[]> {
  const extras = await repository.profileExtrasOf(rows.map((row) => row.id));
  return rows.map((row) => toUserView(row, extras.get(row.id)!));
}
