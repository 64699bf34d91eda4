import { DomainError, NotFoundError } from '../../common/domain-error';
import type { AvailabilityRepository, UserAvailabilityRow } from './availability.repository';
import { HOLIDAY_COUNTRIES, type HolidayCountry } from './public-holidays';
import type { AppointmentMode } from './slot-calculator';
import { parseLocalDate } from './zone-clock';

// Rules shared by the agenda settings (AvailabilityService) and the slot queries (SlotsService).

export const invalid = (code: string, message: string) => new DomainError(code, message, 400);

/** The professional's agenda row, or 404 USER_NOT_FOUND. */
export async function requireProfessional(
  repository: AvailabilityRepository,
  userId: string,
): Promise<UserAvailabilityRow> {
  const user = await repository.findUser(userId);
  if (!user) throw new NotFoundError('USER_NOT_FOUND', 'Professionnel introuvable');
  return user;
}

export function holidayCountryOf(setting: string | null, accountCountry: string): HolidayCountry {
  if (setting && (HOLIDAY_COUNTRIES as readonly string[]).includes(setting)) return setting as HolidayCountry;
  return (HOLIDAY_COUNTRIES as readonly string[]).includes(accountCountry)
    ? (accountCountry as HolidayCountry)
    : 'FR';
}

/** Modes a motive can be booked in: allowed by the motive and switched on by the professional. */
export function offeredModes(
  motive: { inPersonAllowed: boolean; visioAllowed: boolean; phoneAllowed: boolean },
  switches: { inPersonEnabled: boolean; visioEnabled: boolean; phoneEnabled: boolean },
): AppointmentMode[] {
  const modes: AppointmentMode[] = [];
  if (motive.inPersonAllowed && switches.inPersonEnabled) modes.push('in_person');
  if (motive.visioAllowed && switches.visioEnabled) modes.push('visio');
  if (motive.phoneAllowed && switches.phoneEnabled) modes.push('phone');
  return modes;
}

export function safeLocalDate(text: string): number {
  try {
    return parseLocalDate(text);
  } catch {
    throw invalid('VALIDATION_FAILED', `Date invalide : ${text}`);
  }
}
