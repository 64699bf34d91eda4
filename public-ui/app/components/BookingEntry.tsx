import { alertWindow, SlotAlertForm, type SlotAlertResult } from './SlotAlertForm';
import { Link } from 'react-router';
import type { Sector } from '@rdv/sectors';
import { fullName, paths, slotDay, slotHref, slotTime, type ProfessionalCard } from '../lib/directory';
import { professionalName } from '../lib/appointments';
import { preloadProps, useBookingDialog } from './booking/BookingLauncher';

/**
 * The booking entry point of a profile: a "Prendre rendez-vous" section with the next free slots
 * and the main button. EXTENSION POINT for the booking dialog (five steps, built separately):
 * it can replace the button's behaviour (the link keeps working without JavaScript) and read the
 * chosen slot from `?creneau=<ISO start>`, which the slot links set. The section has the stable id
 * `prendre-rendez-vous` and `data-booking-user-id` / `data-booking-user-uri` attributes.
 */
export function BookingEntry({
  professional,
  sector,
  selectedSlot,
  slotAlert,
}: {
  professional: ProfessionalCard;
  sector: Sector;
  /** `?creneau=` of the current URL, when a slot was picked from a card. */
  selectedSlot?: string | null;
  /** The profile action's answer to "Me prévenir" (without JavaScript). */
  slotAlert?: SlotAlertResult | null;
}) {
  const href = paths(sector.routes).profile(professional.userUri);
  const slots = professional.nextSlots;
  // Only professionals booking online have slots to wait for.
  const alertBefore = professional.accepts_online_booking ? alertWindow(slots[0]?.start) : null;
  // The five-step booking dialog (components/booking), loaded on demand.
  const booking = useBookingDialog({
    professional: { ...professional, address: officeAddress(professional) },
    professionalLabel: professionalName(professional, sector),
    sector,
    selectedSlot,
  });
  return (
    <section
      id="prendre-rendez-vous"
      className="card booking-entry"
      aria-labelledby="booking-title"
      data-booking-user-id={professional._id}
      data-booking-user-uri={professional.userUri}
      tabIndex={-1}
    >
      <h2 id="booking-title">Prendre rendez-vous</h2>
      <p className="booking-entry__lead">
        Choisissez un créneau pour prendre rendez-vous avec {fullName(professional)}. Vous recevrez la
        confirmation par email dès la validation du rendez-vous.
      </p>
      {slots.length > 0 ? (
        <>
          <h3 className="next-slots__title">Prochaines disponibilités</h3>
          <ul className="next-slots__list next-slots__list--large">
            {slots.map((slot) => (
              <li key={slot.start}>
                <Link
                  className="slot"
                  to={slotHref(href, slot.start)}
                  aria-current={selectedSlot === slot.start ? 'true' : undefined}
                  rel="nofollow"
                  preventScrollReset
                  onClick={booking.openWith(slot.start)}
                  {...preloadProps}
                >
                  <span className="visually-hidden">Réserver le </span>
                  <span className="slot__day">{slotDay(slot.start)}</span>
                  <span className="visually-hidden"> à </span>
                  <span className="slot__time">{slotTime(slot.start)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="next-slots__none">
          Pas de créneau libre dans les prochains jours : d’autres dates sont proposées à la réservation.
        </p>
      )}
      <p className="booking-entry__cta">
        <Link
          to={`${href}?rdv=1${selectedSlot ? `&creneau=${encodeURIComponent(selectedSlot)}` : ''}#prendre-rendez-vous`}
          className="button button--primary button--wide"
          rel="nofollow"
          data-booking-entry=""
          preventScrollReset
          onClick={booking.openWith(selectedSlot)}
          {...preloadProps}
        >
          Prendre rendez-vous
        </Link>
      </p>
      {alertBefore && <SlotAlertForm userId={professional._id} before={alertBefore} submitted={slotAlert} />}
      <noscript>
        <p className="notice notice--muted">
          La prise de rendez-vous en ligne a besoin de JavaScript : activez-le dans votre navigateur ou
          contactez directement {/^[aeiouyéè]/i.test(sector.words.office) ? 'l’' : 'le '}
          {sector.words.office}.
        </p>
      </noscript>
      {booking.dialog}
    </section>
  );
}

/** "12 rue de la République, 69002 Lyon" when the profile carries its office. */
function officeAddress(professional: ProfessionalCard): string | null {
  const office = (
    professional as {
      office?: { street: string | null; postalCode: string | null; city: { name: string } | null } | null;
    }
  ).office;
  if (!office) return null;
  const town = [office.postalCode, office.city?.name].filter(Boolean).join(' ');
  return [office.street, town].filter(Boolean).join(', ') || null;
}
