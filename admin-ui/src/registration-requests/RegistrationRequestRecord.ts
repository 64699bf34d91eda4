import type { Schemas } from '@rdv/api-client';

export type RegistrationRequestRecord = Schemas['AdminRegistrationRequestDto'];
export type RegistrationRequestStatus = RegistrationRequestRecord['status'];

export const STATUS_CHOICES = [
  { id: 'pending', name: 'À traiter' },
  { id: 'accepted', name: 'Acceptée' },
  { id: 'refused', name: 'Refusée' },
];

export function statusLabel(status: RegistrationRequestStatus): string {
  return STATUS_CHOICES.find((choice) => choice.id === status)?.name ?? status;
}
