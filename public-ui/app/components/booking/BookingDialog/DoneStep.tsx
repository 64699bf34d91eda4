import type { Sector } from '@rdv/sectors';
import type { Appointment } from '../../../lib/appointments';
import { dateAtTime } from '../../../lib/dates';
import { StepShell } from './StepShell';
import { lowerFirst, type HeadingRef } from './wizard';

export function DoneStep({
  headingRef,
  appointment,
  sector,
  onClose,
}: {
  headingRef: HeadingRef;
  appointment: Appointment;
  sector: Sector;
  onClose: () => void;
}) {
  return (
    <StepShell headingRef={headingRef} title="Demande de rendez-vous envoyée">
      <p className="notice notice--success" role="status">
        Votre demande pour le {lowerFirst(dateAtTime(appointment.start, appointment.timezone))} est
        enregistrée. Vous recevrez un email de confirmation dès que {sector.words.definite} l’aura validée.
      </p>
      {appointment.calendarVerified === false ? (
        // The professional's calendar did not answer the check at booking; their choice is to accept then.
        <p className="notice">
          L’agenda de {sector.words.yours} n’a pas pu être consulté à l’instant : ce créneau sera confirmé au
          moment de la validation.
        </p>
      ) : null}
      <div className="bd__actions bd__actions--split">
        <button type="button" className="link-button" onClick={onClose}>
          Fermer
        </button>
        <a className="button button--primary" href={`/appointments/${appointment.refAppointment}`}>
          Voir mon rendez-vous
        </a>
      </div>
    </StepShell>
  );
}
