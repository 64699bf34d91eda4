import type { ProfessionalCard } from '../lib/directory';
import { motivePrice } from '../lib/prices';

type Motive = ProfessionalCard['motives'][number];

/**
 * The professional's motives with the price of the priced ones, so a client knows what a consultation costs
 * before opening the booking dialog. `max`: a listing card shows the first few and says how many more.
 */
export function MotivePrices({ motives, max, label }: { motives: Motive[]; max?: number; label: string }) {
  if (motives.length === 0) return null;
  const shown = max === undefined ? motives : motives.slice(0, max);
  const more = motives.length - shown.length;
  return (
    <ul className="motive-prices" aria-label={label}>
      {shown.map((motive, i) => {
        const price = motivePrice(motive);
        return (
          // Styled from the list (app.css): a listing repeats these in every card.
          <li key={i}>
            {motive.title}
            {price && <span className="motive-prices__price">{price}</span>}
          </li>
        );
      })}
      {more > 0 && (
        <li className="motive-prices__more">
          +{more} autre{more > 1 ? 's' : ''} motif{more > 1 ? 's' : ''}
        </li>
      )}
    </ul>
  );
}
