import { randomBytes } from 'node:crypto';
import { SQLSTATE, sqlStateOf } from '../../common/database-errors';
import { DomainError } from '../../common/domain-error';
import { MAX_APPOINTMENT_MS } from '../../common/instant-range';
import type { AppointmentRecord } from '../appointments';
import { agendaBusy, slotTaken } from './booking-errors';

const REF_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** 20 base32 characters from 100 random bits: the public `refAppointment`. */
export function newRefAppointment(): string {
  const bytes = randomBytes(20);
  let ref = '';
  for (const byte of bytes) ref += REF_ALPHABET[byte & 31];
  return ref;
}

/**
 * The answer for a booking transaction that failed on the database: 409 when another booking won the range
 * (exclusion constraint) or kept the agenda too long (lock timeout, or a deadlock / serialization failure
 * that persisted through the retries); anything else is rethrown unchanged.
 */
export function bookingConflictOf(error: unknown): unknown {
  switch (sqlStateOf(error)) {
    case SQLSTATE.exclusionViolation:
      return slotTaken();
    case SQLSTATE.lockNotAvailable:
    case SQLSTATE.deadlockDetected:
    case SQLSTATE.serializationFailure:
      return agendaBusy();
    default:
      return error;
  }
}

export function formatAddress(place: {
  street: string | null;
  postalCode: string | null;
  cityName: string | null;
}): string | null {
  const city = [place.postalCode, place.cityName].filter(Boolean).join(' ');
  const address = [place.street, city].filter(Boolean).join(', ');
  return address || null;
}

/** A range a professional enters or moves an appointment to: ends after it starts, lasts at most 12 hours. */
export function assertAppointmentRange(start: Date, end: Date): void {
  if (end <= start)
    throw new DomainError('INVALID_RANGE', 'La fin du rendez-vous doit être après son début', 400);
  if (end.getTime() - start.getTime() > MAX_APPOINTMENT_MS)
    throw new DomainError('RANGE_TOO_LONG', 'Un rendez-vous ne peut pas durer plus de 12 heures', 400);
}

export function stateMessage(status: string): string {
  switch (status) {
    case 'refused':
      return 'Ce rendez-vous a été refusé';
    case 'cancelled':
      return 'Ce rendez-vous a été annulé';
    case 'confirmed':
      return 'Ce rendez-vous est déjà validé';
    default:
      return 'Ce rendez-vous n’attend pas de validation';
  }
}

export function isOpenForResponses(record: AppointmentRecord): boolean {
  return record.status === 'pending' || record.status === 'confirmed';
}
