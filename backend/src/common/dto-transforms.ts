import { Transform } from 'class-transformer';
import { applyDecorators } from '@nestjs/common';
import { ValidateBy } from 'class-validator';

/** Trims a string field before validation (other values pass unchanged, for the validators to refuse). */
export const Trim = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

/** Trims, and turns '' into null so a form (or react-admin) can clear an optional field. */
export const EmptyToNull = () =>
  Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && value.trim() === ''
      ? null
      : typeof value === 'string'
        ? value.trim()
        : value,
  );

/**
 * Bidirectional formatting characters (LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI, PDI, LRM, RLM, ALM): an
 * U+202E in a name turns "Martin" into "nitraM" on screen and in mails, and can make a name read as
 * something else entirely. Zero-width characters and the BOM hide in names the same way.
 */
const BIDI_AND_INVISIBLE = /[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/** `value` without bidi controls and invisible characters, trimmed (other values unchanged). */
export function cleanFreeTextName(value: unknown): unknown {
  return typeof value === 'string' ? value.replace(BIDI_AND_INVISIBLE, '').trim() : value;
}

/**
 * Every free-text name or title a person types (names of people, of offices, titles of folders, motives,
 * calendars...): bidi controls and invisible characters stripped, trimmed, and a blank value refused.
 * Put it with the field's type and length validators (which then see the cleaned value).
 */
/**
 * The blank check's constraint: a field's own "required" message (e.g. "Le titre du motif est obligatoire")
 * is shown before this generic one when both refuse the value.
 */
export const BLANK_NAME_CONSTRAINT = 'freeTextNameNotBlank';

export const FreeTextName = () =>
  applyDecorators(
    Transform(({ value }: { value: unknown }) => cleanFreeTextName(value)),
    ValidateBy({
      name: BLANK_NAME_CONSTRAINT,
      validator: {
        validate: (value: unknown) => typeof value !== 'string' || /\S/u.test(value),
        defaultMessage: () => 'Le champ $property ne peut pas être vide',
      },
    }),
  );
