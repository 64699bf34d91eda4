import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { ValidateBy, type ValidationOptions } from 'class-validator';
import {
  COMPANY_SIRET_INVALID,
  SIREN_INVALID,
  bareRegistrationNumber,
  checkOfficeIdentifier,
  getSector,
  isValidSiren,
  isValidSiret,
  officeIdentifierOf,
} from '@rdv/sectors';

/** The deployment's sector, read when a request is validated (SECTOR is validated at boot). */
export const deployedSector = () => getSector(process.env.SECTOR);

/** The office number's words in this deployment's trade ("SIRET du cabinet", "Aucun cabinet n’est inscrit…"). */
export const deployedOfficeIdentifier = () => officeIdentifierOf(deployedSector());

/**
 * The office's registration number (`ext_id`) in the sector's terms: a SIRET (14 digits, Luhn key) for a lawyer's
 * firm, a commissaire de justice's étude or a salon; a 5-digit crpcen for a notary's office. Spaces, dots and dashes
 * typed as the number is printed ("732 829 320 00074") are removed before the check, so the stored number is the
 * bare digits and uniqueness compares like with like.
 */
export function IsOfficeIdentifier(options?: ValidationOptions): PropertyDecorator {
  return applyDecorators(
    Transform(({ value }: { value: unknown }) =>
      typeof value === 'string' ? value.replace(/[\s.\-\u00a0]/g, '') : value,
    ),
    ValidateBy(
      {
        name: 'isOfficeIdentifier',
        validator: {
          validate: (value: unknown) =>
            typeof value === 'string' && checkOfficeIdentifier(deployedSector(), value).ok,
          defaultMessage: (args) => {
            const identifier = deployedOfficeIdentifier();
            const missing = typeof args?.value !== 'string' || args.value === '';
            return missing ? `Le ${identifier.name} est obligatoire` : identifier.invalid;
          },
        },
      },
      options,
    ),
  );
}

/**
 * A registration number typed with or without its printed spaces: the bare digits are checked by `isValid` and
 * stored, a blank becomes null (for the optional fields: `@IsOptional()` then lets it through).
 */
function registrationNumberField(
  name: string,
  isValid: (digits: string) => boolean,
  message: string,
  options?: ValidationOptions,
): PropertyDecorator {
  return applyDecorators(
    Transform(({ value }: { value: unknown }) => {
      if (typeof value !== 'string') return value;
      const digits = bareRegistrationNumber(value);
      return digits === '' ? null : digits;
    }),
    ValidateBy(
      {
        name,
        validator: {
          validate: (value: unknown) => typeof value === 'string' && isValid(value),
          defaultMessage: () => message,
        },
      },
      options,
    ),
  );
}

/**
 * A company's SIREN as invoices print it (the professional's firm, the site's issuing company): 9 digits with a valid
 * Luhn key, typed with or without the printed spaces ("912 345 675"); the bare digits are stored. A blank becomes
 * null, for the fields where the SIREN is optional (`@IsOptional()` then lets it through).
 */
export function IsSiren(options?: ValidationOptions): PropertyDecorator {
  return registrationNumberField('isSiren', isValidSiren, SIREN_INVALID, options);
}

/**
 * A client's company SIRET (their fee notes are issued as Factur-X with it): 14 digits with a valid Luhn key
 * (La Poste's establishments by their own rule), typed with or without the printed spaces; the bare digits are
 * stored. A blank becomes null (the client clears it; `@IsOptional()` lets it through).
 */
export function IsCompanySiret(options?: ValidationOptions): PropertyDecorator {
  return registrationNumberField('isCompanySiret', isValidSiret, COMPANY_SIRET_INVALID, options);
}
