import { ValidateBy, type ValidationOptions } from 'class-validator';

/**
 * Dates a professional or a client may give for an appointment, an absence or an availability: from
 * 2000-01-01 to five years ahead. ISO 8601 alone accepts years 0000 and 9999 with a +14:00 offset, which
 * PostgreSQL refuses (a 500) or stores (moving an appointment to 9999 blocked an agenda for 8,000 years).
 */
export const EARLIEST_INSTANT_MS = Date.UTC(2000, 0, 1);
export const LATEST_YEARS_AHEAD = 5;

export function latestInstantMs(now = Date.now()): number {
  const latest = new Date(now);
  latest.setUTCFullYear(latest.getUTCFullYear() + LATEST_YEARS_AHEAD);
  return latest.getTime();
}

export const INSTANT_OUT_OF_RANGE_MESSAGE = `La date doit être comprise entre le 1er janvier 2000 et dans ${LATEST_YEARS_AHEAD} ans`;

/** The ISO 8601 string (whose format @IsISO8601 beside it checks) lies between 2000 and five years ahead. */
export function IsInstantInRange(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isInstantInRange',
      validator: {
        // A value that is not a date at all is reported by @IsISO8601 with its own message.
        validate: (value: unknown) => {
          const time = typeof value === 'string' ? Date.parse(value) : NaN;
          return Number.isNaN(time) || (time >= EARLIEST_INSTANT_MS && time <= latestInstantMs());
        },
        defaultMessage: () => INSTANT_OUT_OF_RANGE_MESSAGE,
      },
    },
    options,
  );
}

/** The longest appointment a professional may enter or move to: a working day. */
export const MAX_APPOINTMENT_MS = 12 * 60 * 60_000;
