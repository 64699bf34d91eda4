export type RegistrationRequestStatus = 'pending' | 'accepted' | 'refused';

export interface RegistrationRequestRecord {
  id: string;
  civility: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  officeName: string | null;
  officeNumber: string | null;
  city: string;
  message: string | null;
  status: RegistrationRequestStatus;
  refusalReason: string | null;
  professionalId: string | null;
  createdAt: string;
  handledAt: string | null;
}

export const STATUS_CHOICES = [
  { id: 'pending', name: 'À traiter' },
  { id: 'accepted', name: 'Acceptée' },
  { id: 'refused', name: 'Refusée' },
];

export function statusLabel(status: RegistrationRequestStatus): string {
  return STATUS_CHOICES.find((choice) => choice.id === status)?.name ?? status;
}
