import { type ArgumentMetadata, ValidationError, ValidationPipe } from '@nestjs/common';
import { DomainError } from './domain-error';
import { BLANK_NAME_CONSTRAINT } from './dto-transforms';

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
    // A field's own message first; the generic blank-name one only when it is the sole refusal.
    const constraints = Object.entries(error.constraints ?? {});
    const [first] = [
      ...constraints.filter(([name]) => name !== BLANK_NAME_CONSTRAINT),
      ...constraints.filter(([name]) => name === BLANK_NAME_CONSTRAINT),
    ];
    if (first) return frenchConstraintMessage(first[0], first[1], error.property);
    const nested = firstConstraintMessage(error.children ?? []);
    if (nested) return nested;
  }
  return 'Requête invalide';
}

/** Where @nestjs/swagger keeps what `@ApiProperty` says of a DTO property. */
const API_PROPERTY = 'swagger/apiModelProperties';

interface DocumentedProperty {
  nullable?: boolean;
  isArray?: boolean;
  type?: unknown;
}

function documented(target: object, property: string): DocumentedProperty | undefined {
  return Reflect.getMetadata(API_PROPERTY, target, property) as DocumentedProperty | undefined;
}

/** A DTO class: it documents properties of its own. */
function isDtoClass(type: unknown): type is abstract new (...args: never[]) => object {
  return (
    typeof type === 'function' &&
    type !== Object &&
    typeof type.prototype === 'object' &&
    Reflect.getMetadata('swagger/apiModelPropertiesArray', type.prototype as object) !== undefined
  );
}

const invalidField = (property: string) =>
  new DomainError('VALIDATION_FAILED', `Le champ ${property} est invalide`, 400);

/**
 * What class-validator lets through and the handlers cannot take, checked against the DTO's own
 * documentation (`@ApiProperty`), so the OpenAPI document and the check cannot disagree:
 *  - null in a property not documented as nullable: `@IsOptional()` skips null as it skips an absent
 *    value, and the handler then reads `.trim()` of it or writes it into a NOT NULL column;
 *  - a list (or a text...) where an object of a nested DTO is expected: `@ValidateNested` validates
 *    the items of a nested list as if they were the object, so `[[]]` passed as a list of ranges.
 * Properties without documentation (`@Allow()` read-only fields) are not checked.
 */
export function assertDocumentedShape(value: unknown, depth = 0): void {
  if (value === null || typeof value !== 'object' || depth > 8) return;
  const prototype = Object.getPrototypeOf(value) as object | null;
  if (!prototype || prototype === Object.prototype || Array.isArray(value)) return;
  for (const [property, item] of Object.entries(value)) {
    const documentation = documented(prototype, property);
    if (!documentation || item === undefined) continue;
    if (item === null) {
      if (!documentation.nullable)
        throw new DomainError('VALIDATION_FAILED', `Le champ ${property} ne peut pas être vide (null)`, 400);
      continue;
    }
    const nested = Array.isArray(documentation.type) ? documentation.type[0] : documentation.type;
    if (!isDtoClass(nested)) continue;
    const items: unknown[] =
      documentation.isArray || Array.isArray(documentation.type)
        ? Array.isArray(item)
          ? item
          : [item]
        : [item];
    for (const element of items) {
      if (element === null || typeof element !== 'object' || Array.isArray(element))
        throw invalidField(property);
      assertDocumentedShape(element, depth + 1);
    }
  }
}

/** The global pipe: unknown properties are rejected, payloads are transformed into DTO instances. */
export function createValidationPipe(): ValidationPipe {
  return new DocumentedShapeValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors) => new DomainError('VALIDATION_FAILED', firstConstraintMessage(errors), 400),
  });
}

/** class-validator first (its French messages win), then the documented shape. */
class DocumentedShapeValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const transformed: unknown = await super.transform(value, metadata);
    if (metadata.type === 'body' || metadata.type === 'query') assertDocumentedShape(transformed);
    return transformed;
  }
}
