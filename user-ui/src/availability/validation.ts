import { sector } from '../sector';
import { z } from 'zod';
import { minutesOf } from '../dates';

// The same rules as the API (backend/src/modules/availability/availability.dto.ts and its service), with the
// same French wording where the API has one, so the form catches the mistake before the round trip.

export const MESSAGES = {
  titleRequired: 'Le titre du motif est obligatoire',
  titleTooLong: 'Le titre du motif doit faire entre 1 et 120 caractères',
  durationInteger: 'La durée doit être un nombre entier de minutes',
  durationMultipleOf5: 'La durée doit être un multiple de 5 minutes',
  durationMin: 'La durée doit être d’au moins 5 minutes',
  durationMax: 'La durée ne peut pas dépasser 8 heures',
  noticeInteger: 'Le délai avant rendez-vous doit être un nombre entier',
  noticeMax: 'Le délai avant rendez-vous ne peut pas dépasser 90 jours',
  horizonInteger: 'L’horizon de réservation doit être un nombre entier de mois',
  horizonMin: 'L’horizon de réservation doit être d’au moins 1 mois',
  horizonMax: 'L’horizon de réservation ne peut pas dépasser 24 mois',
  noMode: `Choisissez au moins un mode de rendez-vous (${sector.words.office}, visio ou téléphone)`,
  timeFormat: 'Indiquez une heure au format HH:mm',
  endBeforeStart: 'L’heure de fin doit être après l’heure de début',
  dateRequired: 'Indiquez une date',
  calendarName: 'Le nom du calendrier doit faire entre 1 et 100 caractères',
  holidayEndBeforeStart: 'La date de fin doit être le jour du début ou après',
  periodEndBeforeStart: 'La fin doit être après le début',
  amplitudeEndBeforeStart: 'La fin de l’amplitude doit être après son début',
  amplitudeBoth: 'Indiquez le début et la fin de l’amplitude, ou aucun des deux',
  priceFormat: 'Indiquez le prix en euros, par exemple 80 ou 80,50',
  priceMin: 'Le prix doit être d’au moins 1 €',
  priceMax: 'Le prix ne peut pas dépasser 10 000 €',
  priceRequired: 'Indiquez le prix TTC d’un motif payé à la réservation',
  deadlineInteger: 'Le délai d’annulation doit être un nombre entier d’heures',
  deadlineMax: 'Le délai d’annulation ne peut pas dépasser 30 jours',
} as const;

/** "80", "80,5", "80.50" -> 8000 cents; '' -> null; undefined when not a price. */
export function priceToCents(value: string): number | null | undefined {
  const clean = value.trim().replace(/\s|€/g, '').replace(',', '.');
  if (clean === '') return null;
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return undefined;
  return Math.round(Number(clean) * 100);
}

/** 8000 -> "80", 8050 -> "80,50" (the form's text). */
export const centsToPrice = (cents: number | null): string =>
  cents === null ? '' : cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2).replace('.', ',');

const TIME = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** A whole number typed in a text field. */
const wholeNumber = (message: string) =>
  z
    .string()
    .trim()
    .min(1, message)
    .regex(/^\d+$/, message)
    .transform((value) => Number(value));

// ---- motive ------------------------------------------------------------------------------------------------

export const NOTICE_UNITS = { minutes: 1, hours: 60, days: 1440 } as const;
export type NoticeUnit = keyof typeof NOTICE_UNITS;

export const motiveSchema = z
  .object({
    title: z.string().trim().min(1, MESSAGES.titleRequired).max(120, MESSAGES.titleTooLong),
    durationMinutes: wholeNumber(MESSAGES.durationInteger)
      .refine((n) => n >= 5, MESSAGES.durationMin)
      .refine((n) => n <= 480, MESSAGES.durationMax)
      .refine((n) => n % 5 === 0, MESSAGES.durationMultipleOf5),
    noticeValue: wholeNumber(MESSAGES.noticeInteger),
    noticeUnit: z.enum(['minutes', 'hours', 'days']),
    /** '' = no limit, else '0'..'23'. */
    notBeforeHour: z.string(),
    notAfterMonths: wholeNumber(MESSAGES.horizonInteger)
      .refine((n) => n >= 1, MESSAGES.horizonMin)
      .refine((n) => n <= 24, MESSAGES.horizonMax),
    inPersonAllowed: z.boolean(),
    visioAllowed: z.boolean(),
    phoneAllowed: z.boolean(),
    isActive: z.boolean(),
    /** Euros TTC as typed; '' = no price. */
    price: z.string(),
    paymentRule: z.enum(['free', 'at_booking']),
    cancellationDeadlineHours: wholeNumber(MESSAGES.deadlineInteger).refine(
      (n) => n <= 720,
      MESSAGES.deadlineMax,
    ),
    lateCancellationRefund: z.enum(['none', 'half', 'all']),
    acceptsLegalAid: z.boolean(),
  })
  .superRefine((values, ctx) => {
    const cents = priceToCents(values.price);
    if (cents === undefined) ctx.addIssue({ code: 'custom', path: ['price'], message: MESSAGES.priceFormat });
    else if (cents !== null && cents < 100)
      ctx.addIssue({ code: 'custom', path: ['price'], message: MESSAGES.priceMin });
    else if (cents !== null && cents > 1_000_000)
      ctx.addIssue({ code: 'custom', path: ['price'], message: MESSAGES.priceMax });
    else if (cents === null && values.paymentRule === 'at_booking')
      ctx.addIssue({ code: 'custom', path: ['price'], message: MESSAGES.priceRequired });
    if (values.noticeValue * NOTICE_UNITS[values.noticeUnit] > 90 * 1440) {
      ctx.addIssue({ code: 'custom', path: ['noticeValue'], message: MESSAGES.noticeMax });
    }
    if (!values.inPersonAllowed && !values.visioAllowed && !values.phoneAllowed) {
      ctx.addIssue({ code: 'custom', path: ['inPersonAllowed'], message: MESSAGES.noMode });
    }
  })
  .transform((values) => ({
    title: values.title,
    durationMinutes: values.durationMinutes,
    noticeMinutes: values.noticeValue * NOTICE_UNITS[values.noticeUnit],
    notBeforeHour: values.notBeforeHour === '' ? null : Number(values.notBeforeHour),
    notAfterMonths: values.notAfterMonths,
    inPersonAllowed: values.inPersonAllowed,
    visioAllowed: values.visioAllowed,
    phoneAllowed: values.phoneAllowed,
    isActive: values.isActive,
    priceCents: priceToCents(values.price) ?? null,
    paymentRule: values.paymentRule,
    cancellationDeadlineHours: values.cancellationDeadlineHours,
    lateCancellationRefund: values.lateCancellationRefund,
    acceptsLegalAid: values.acceptsLegalAid,
  }));
export type MotiveFormValues = z.input<typeof motiveSchema>;
export type MotiveFormOutput = z.output<typeof motiveSchema>;

/** The largest unit that divides the notice exactly (1440 -> 1 jour, 90 -> 90 minutes). */
export function noticeToForm(minutes: number): { noticeValue: string; noticeUnit: NoticeUnit } {
  if (minutes > 0 && minutes % 1440 === 0) return { noticeValue: String(minutes / 1440), noticeUnit: 'days' };
  if (minutes > 0 && minutes % 60 === 0) return { noticeValue: String(minutes / 60), noticeUnit: 'hours' };
  return { noticeValue: String(minutes), noticeUnit: minutes === 0 ? 'hours' : 'minutes' };
}

// ---- weekly availabilities ---------------------------------------------------------------------------------

export const WEEKDAYS = [
  { weekday: 1, label: 'Lundi' },
  { weekday: 2, label: 'Mardi' },
  { weekday: 3, label: 'Mercredi' },
  { weekday: 4, label: 'Jeudi' },
  { weekday: 5, label: 'Vendredi' },
  { weekday: 6, label: 'Samedi' },
  { weekday: 7, label: 'Dimanche' },
] as const;

const weekdayName = (weekday: number) => WEEKDAYS[weekday - 1]?.label.toLowerCase() ?? '';

export const weekSchema = z
  .object({
    ranges: z.array(
      z.object({
        weekday: z.number().int().min(1).max(7),
        startTime: z.string().regex(TIME, MESSAGES.timeFormat),
        endTime: z.string().regex(TIME, MESSAGES.timeFormat),
        motiveIds: z.array(z.string()),
      }),
    ),
  })
  .superRefine(({ ranges }, ctx) => {
    ranges.forEach((range, index) => {
      if (
        TIME.test(range.startTime) &&
        TIME.test(range.endTime) &&
        minutesOf(range.endTime) <= minutesOf(range.startTime)
      ) {
        ctx.addIssue({
          code: 'custom',
          path: ['ranges', index, 'endTime'],
          message: MESSAGES.endBeforeStart,
        });
      }
    });
    // Ranges of one day never overlap (touching is fine), as the API checks.
    const valid = ranges
      .map((range, index) => ({ ...range, index }))
      .filter(
        (r) =>
          TIME.test(r.startTime) && TIME.test(r.endTime) && minutesOf(r.endTime) > minutesOf(r.startTime),
      );
    for (const { weekday } of WEEKDAYS) {
      const day = valid
        .filter((r) => r.weekday === weekday)
        .sort((a, b) => minutesOf(a.startTime) - minutesOf(b.startTime));
      for (let i = 1; i < day.length; i++) {
        const previous = day[i - 1]!;
        const current = day[i]!;
        if (minutesOf(current.startTime) < minutesOf(previous.endTime)) {
          ctx.addIssue({
            code: 'custom',
            path: ['ranges', current.index, 'startTime'],
            message: `Cette plage chevauche la plage ${previous.startTime} – ${previous.endTime} du ${weekdayName(weekday)}`,
          });
        }
      }
    }
  });
export type WeekFormValues = z.infer<typeof weekSchema>;

// ---- calendars, holidays, unavailability periods, amplitude ------------------------------------------------

export const calendarSchema = z.object({
  name: z.string().trim().min(1, MESSAGES.calendarName).max(100, MESSAGES.calendarName),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'La couleur doit être au format #RRGGBB'),
});
export type CalendarFormValues = z.infer<typeof calendarSchema>;

export const holidaySchema = z
  .object({
    startsOn: z.string().regex(DATE, MESSAGES.dateRequired),
    endsOn: z.string().regex(DATE, MESSAGES.dateRequired),
    label: z.string().trim().max(200, 'Le libellé ne peut pas dépasser 200 caractères'),
  })
  .refine((v) => !DATE.test(v.startsOn) || !DATE.test(v.endsOn) || v.endsOn >= v.startsOn, {
    path: ['endsOn'],
    message: MESSAGES.holidayEndBeforeStart,
  });
export type HolidayFormValues = z.infer<typeof holidaySchema>;

export const unavailabilitySchema = z
  .object({
    startDate: z.string().regex(DATE, MESSAGES.dateRequired),
    startTime: z.string().regex(TIME, MESSAGES.timeFormat),
    endDate: z.string().regex(DATE, MESSAGES.dateRequired),
    endTime: z.string().regex(TIME, MESSAGES.timeFormat),
    /** '' = every calendar. */
    calendarId: z.string(),
    reason: z.string().trim().max(200, 'Le motif d’indisponibilité ne peut pas dépasser 200 caractères'),
  })
  .refine((v) => `${v.endDate}T${v.endTime}` > `${v.startDate}T${v.startTime}`, {
    path: ['endTime'],
    message: MESSAGES.periodEndBeforeStart,
  });
export type UnavailabilityFormValues = z.infer<typeof unavailabilitySchema>;

export const amplitudeSchema = z
  .object({
    amplitudeStart: z.union([z.literal(''), z.string().regex(TIME, MESSAGES.timeFormat)]),
    amplitudeEnd: z.union([z.literal(''), z.string().regex(TIME, MESSAGES.timeFormat)]),
  })
  .superRefine((v, ctx) => {
    if ((v.amplitudeStart === '') !== (v.amplitudeEnd === '')) {
      ctx.addIssue({
        code: 'custom',
        path: [v.amplitudeStart === '' ? 'amplitudeStart' : 'amplitudeEnd'],
        message: MESSAGES.amplitudeBoth,
      });
    } else if (
      v.amplitudeStart &&
      v.amplitudeEnd &&
      minutesOf(v.amplitudeEnd) <= minutesOf(v.amplitudeStart)
    ) {
      ctx.addIssue({ code: 'custom', path: ['amplitudeEnd'], message: MESSAGES.amplitudeEndBeforeStart });
    }
  });
export type AmplitudeFormValues = z.infer<typeof amplitudeSchema>;
