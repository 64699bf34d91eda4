import { applyDecorators, Controller, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { AdminConsoleGuard, ownAccountGuard } from './guards';

/**
 * A controller of the administrators' console under `/admin/<path>`: administrators only, answering 403 (not 401) to
 * another kind of token so the console can tell "log in again" from "not allowed", documented as such.
 */
export function AdminResource(path = ''): ClassDecorator {
  return applyDecorators(
    ApiTags('admin'),
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ description: 'No valid token' }),
    ApiForbiddenResponse({ description: 'Not an administrator token' }),
    UseGuards(AdminConsoleGuard),
    Controller(path ? `admin/${path}` : 'admin'),
  );
}

/**
 * A route acting on an account of `kind` named by the path (`:id` unless `param` says otherwise): only its owner
 * (and administrators with `admins`) may call it, decided before any validation; documented as needing a token.
 */
export function OwnAccount(...args: Parameters<typeof ownAccountGuard>): ClassDecorator & MethodDecorator {
  return applyDecorators(UseGuards(ownAccountGuard(...args)), ApiBearerAuth());
}
