import { ValidationError, ValidationPipe } from '@nestjs/common';
import { DomainError } from './domain-error';

/** First constraint message of a (possibly nested) class-validator error list. */
export function firstConstraintMessage(errors: ValidationError[]): string {
  for (const error of errors) {
    const messages = Object.values(error.constraints ?? {});
    if (messages.length > 0) return messages[0];
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
