import { DomainError, NotFoundError } from '../../common/domain-error';
import type { AvailabilityRepository, UserAvailabilityRow } from './availability.repository';
import { HOLIDAY_COUNTRIES, type HolidayCountry } from './public-holidays';
import type { AppointmentMode } from './slot-calculator';
import type { WeeklyRangeDto } from './availability.dto';
import { parseLocalDate, parseLocalTime } from './zone-clock';

// Rules shared by the agenda settings (AvailabilityService, TimeOffService) and the slot queries (SlotsService).

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

/**
 * Modes a motive can be booked in: allowed by the motive and switched on by the professional; video only while
 * the professional can give a link (a provider, or the site's Jitsi), else the booking would be refused.
 */
export function offeredModes(
  motive: { inPersonAllowed: boolean; visioAllowed: boolean; phoneAllowed: boolean },
  switches: {
    inPersonEnabled: boolean;
    visioEnabled: boolean;
    visioLinkAvailable: boolean;
    phoneEnabled: boolean;
  },
): AppointmentMode[] {
  const modes: AppointmentMode[] = [];
  if (motive.inPersonAllowed && switches.inPersonEnabled) modes.push('in_person');
  if (motive.visioAllowed && switches.visioEnabled && switches.visioLinkAvailable) modes.push('visio');
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

const WEEKDAY_NAMES = ['', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'];

/** A motive lasts a multiple of 5 minutes, is bookable at least a month ahead, in at least one mode. */
export function assertMotiveRules(motive: {
  durationMinutes: number;
  notAfterMonths: number;
  inPersonAllowed: boolean;
  visioAllowed: boolean;
  phoneAllowed: boolean;
  priceCents: number | null;
  paymentRule: string;
}): void {
  // The one rule between two fields (each field's own range is the DTO's): a motive paid online has a price.
  if (motive.paymentRule === 'at_booking' && motive.priceCents === null)
    throw invalid('PRICE_REQUIRED', 'Indiquez le prix TTC d’un motif payé à la réservation');
  if (!(motive.durationMinutes > 0) || motive.durationMinutes % 5 !== 0) {
    throw invalid('VALIDATION_FAILED', 'La durée doit être un multiple de 5 minutes');
  }
  if (!(motive.notAfterMonths >= 1))
    throw invalid('VALIDATION_FAILED', 'L’horizon de réservation doit être d’au moins 1 mois');
  if (!motive.inPersonAllowed && !motive.visioAllowed && !motive.phoneAllowed) {
    throw invalid('NO_MODE', 'Choisissez au moins un mode de rendez-vous (cabinet, visio ou téléphone)');
  }
}

/** Each range ends after it starts; ranges of one day never overlap (touching is fine). */
export function assertWeekRanges(ranges: WeeklyRangeDto[]): void {
  const byDay = new Map<number, Array<{ start: number; end: number; label: string }>>();
  for (const range of ranges) {
    const start = parseLocalTime(range.startTime);
    const end = parseLocalTime(range.endTime);
    const label = `${range.startTime}-${range.endTime}`;
    if (end <= start) {
      throw invalid(
        'INVALID_RANGE',
        `La plage ${label} du ${WEEKDAY_NAMES[range.weekday]} doit finir après son début`,
      );
    }
    const list = byDay.get(range.weekday) ?? [];
    list.push({ start, end, label });
    byDay.set(range.weekday, list);
  }
  for (const [weekday, list] of byDay) {
    list.sort((a, b) => a.start - b.start);
    for (let i = 1; i < list.length; i++) {
      if (list[i].start < list[i - 1].end) {
        throw invalid(
          'OVERLAPPING_RANGES',
          `Les plages ${list[i - 1].label} et ${list[i].label} du ${WEEKDAY_NAMES[weekday]} se chevauchent`,
        );
      }
    }
  }
}
