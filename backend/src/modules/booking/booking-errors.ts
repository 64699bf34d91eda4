import {
  ConflictError,
  DomainError,
  ForbiddenError,
  NotFoundError,
  TransientConflictError,
} from '../../common/domain-error';

export const slotTaken = () =>
  new ConflictError('SLOT_TAKEN', 'Ce créneau vient d’être réservé, veuillez en choisir un autre');
/** The professional's own write over a range a client's move request holds (same code as any overlap). */
export const slotHeldForProfessional = () =>
  new ConflictError(
    'SLOT_TAKEN',
    'Ce créneau est déjà occupé (rendez-vous ou demande de déplacement d’un client en attente de votre réponse)',
  );
export const slotUnavailable = () =>
  new ConflictError(
    'SLOT_UNAVAILABLE',
    'Ce créneau n’est pas proposé à la réservation, veuillez en choisir un autre',
  );
export const appointmentNotFound = () =>
  new NotFoundError('APPOINTMENT_NOT_FOUND', 'Rendez-vous introuvable');
export const professionalNotFound = () => new NotFoundError('USER_NOT_FOUND', 'Professionnel introuvable');
export const forbiddenAccount = () =>
  new ForbiddenError('FORBIDDEN', 'Vous ne pouvez agir que sur votre propre compte');
export const phoneNotVerified = () =>
  new ForbiddenError(
    'PHONE_NOT_VERIFIED',
    'Veuillez vérifier votre numéro de téléphone avant de prendre rendez-vous',
  );
export const invalidTransition = (message: string) => new ConflictError('INVALID_APPOINTMENT_STATE', message);
export const invalidEventAction = () =>
  new DomainError('INVALID_EVENT_ACTION_TOKEN', 'Ce lien n’est pas valide ou a expiré', 400);
/** 409 for a booking that could not get the professional's agenda in time (many bookings at once). */
export const agendaBusy = () =>
  new TransientConflictError(
    'AGENDA_BUSY',
    'Cet agenda reçoit beaucoup de demandes en ce moment, veuillez réessayer dans un instant',
  );
