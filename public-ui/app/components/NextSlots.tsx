import { slotDay, slotHref, slotTime, type Slot } from '../lib/directory';

/**
 * The next free slots of a professional who takes online booking. Each slot links to the
 * profile's booking section with the slot chosen (`?creneau=` read by the booking dialog); bare links inside
 * their card, followed client-side by the page's `<main>` (lib/plain-links.ts, PLAIN_LINKS_AREA).
 */
export function NextSlots({
  slots,
  profileHref,
  headingLevel = 3,
}: {
  slots: Array<Pick<Slot, 'start'>>;
  profileHref: string;
  headingLevel?: 2 | 3 | 4;
}) {
  const Heading = `h${headingLevel}` as 'h3';
  if (slots.length === 0) {
    return (
      <p className="next-slots__none">
        Pas de créneau libre dans les prochains jours.{' '}
        <a href={`${profileHref}#prendre-rendez-vous`}>Voir les disponibilités</a>
      </p>
    );
  }
  return (
    <div className="next-slots">
      <Heading className="next-slots__title">Prochaines disponibilités</Heading>
      <ul className="next-slots__list">
        {slots.map((slot) => (
          <li key={slot.start}>
            <a className="slot" href={slotHref(profileHref, slot.start)} rel="nofollow">
              <span className="visually-hidden">Réserver le </span>
              <span className="slot__day">{slotDay(slot.start)}</span>
              <span className="visually-hidden"> à </span>
              <span className="slot__time">{slotTime(slot.start)}</span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
