import type { AuthenticatedAccount } from '../identity';
import { forbidden } from './account-errors';

/**
 * Who manages which account: a professional manages only themself, an attendee only themself, and
 * administrators everyone. Reading an attendee is wider (see AttendeesService.getAttendee).
 */
export function assertManagesUser(actor: AuthenticatedAccount, userId: string): void {
  if (actor.kind === 'admin') return;
  if (actor.kind === 'user' && actor.id === userId) return;
  throw forbidden();
}

export function assertManagesAttendee(actor: AuthenticatedAccount, attendeeId: string): void {
  if (actor.kind === 'admin') return;
  if (actor.kind === 'attendee' && actor.id === attendeeId) return;
  throw forbidden();
}
