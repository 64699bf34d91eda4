import { ValidationError, ValidationPipe } from '@nestjs/common';
import { DomainError } from './domain-error';

/** class-validator's own English defaults, written when a decorator has no French `message`. */
const ENGLISH_DEFAULT =
  /must be|must not|should not|should be|must contain|must match|each value in|nested property/;

/** Server texts of docs/product.md §8 that stay verbatim English (set explicitly by the DTOs). */
const CONTRACT_TEXTS = new Set(['email must be an email', 'Password are not the same']);

/**
 * French for the constraints class-validator adds by itself: an unknown property (`forbidNonWhitelisted`),
 * a nested value of the wrong shape, or a decorator left without a French message. The contract texts of
 * docs/product.md §8 (e.g. `email must be an email`) are given explicitly by their DTOs and kept verbatim.
 */
function frenchConstraintMessage(constraint: string, message: string, property: string): string {
  if (constraint === 'whitelistValidation') return `Champ non autorisé : ${property}`;
  if (CONTRACT_TEXTS.has(message)) return message;
  if (ENGLISH_DEFAULT.test(message)) return `Le champ ${property} est invalide`;
  return message;
}

/** First constraint message of a (possibly nested) class-validator error list. */
export function firstConstraintMessage(errors: ValidationError[]): string {
  for (const error of errors) {
    const [first] = Object.entries(error.constraints ?? {});
    if (first) return frenchConstraintMessage(first[0], first[1], error.property);
    const nested = firstConstraintMessage(error.children ?? []);
    if (nested) return nested;
  }
  return 'Requête invalide';
}

/** The global pipe: unknown properties are rejected, payloads are transformed into DTO instances. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors) => new DomainError('VALIDATION_FAILED', firstConstraintMessage(errors), 400),
  });
}
