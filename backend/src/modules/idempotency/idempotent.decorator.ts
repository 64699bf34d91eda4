import { applyDecorators, SetMetadata, UseInterceptors } from '@nestjs/common';
import { ApiHeader, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import {
  IDEMPOTENT_LOOKUP_IN_HANDLER,
  IDEMPOTENT_OPERATION,
  IdempotencyInterceptor,
} from './idempotency.interceptor';

/**
 * Marks a POST handler as safe to retry with an `Idempotency-Key` header (see `IdempotencyInterceptor`).
 * `operation` names it in the key's scope. The controller's module imports `IdempotencyModule`.
 * `lookupInHandler`: the handler looks the key up inside its own first read (`idempotencyLookup()`), which
 * saves the interceptor's round trip; it must settle that lookup before deciding anything.
 */
export const Idempotent = (operation: string, options: { lookupInHandler?: boolean } = {}) =>
  applyDecorators(
    SetMetadata(IDEMPOTENT_OPERATION, operation),
    SetMetadata(IDEMPOTENT_LOOKUP_IN_HANDLER, options.lookupInHandler === true),
    UseInterceptors(IdempotencyInterceptor),
    ApiHeader({
      name: 'Idempotency-Key',
      required: false,
      description:
        '8 to 128 characters [A-Za-z0-9._:-], e.g. a UUID per attempt: the same key and request replay the first answer (status and body, errors included)',
    }),
    ApiUnprocessableEntityResponse({ description: 'IDEMPOTENCY_KEY_REUSED: the key served another request' }),
  );
