import { Link } from 'react-router';
import { slotDay, slotTime, type Slot } from '../lib/directory';

/**
 * The next free slots of a professional who takes online booking. Each slot links to the
 * profile's booking section with the slot chosen (`?creneau=` read by the booking dialog).
 */
export function NextSlots({
  slots,
  profileHref,
  headingLevel = 3,
}: {
  slots: Slot[];
  profileHref: string;
  headingLevel?: 2 | 3 | 4;
}) {
  const Heading = `h${headingLevel}` as 'h3';
  if (slots.length === 0) {
    return (
      <p className="next-slots__none">
        Pas de créneau libre dans les prochains jours.{' '}
        <Link to={`${profileHref}#prendre-rendez-vous`}>Voir les disponibilités</Link>
      </p>
    );
  }
  return (
    <div className="next-slots">
      <Heading className="next-slots__title">Prochaines disponibilités</Heading>
      <ul className="next-slots__list">
        {slots.map((slot) => (
          <li key={slot.start}>
            <Link
              className="slot"
              to={`${profileHref}?creneau=${encodeURIComponent(slot.start)}#prendre-rendez-vous`}
              rel="nofollow"
            >
              <span className="visually-hidden">Réserver le </span>
              <span className="slot__day">{slotDay(slot.start)}</span>
              <span className="visually-hidden"> à </span>
              <span className="slot__time">{slotTime(slot.start)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
