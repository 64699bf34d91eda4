import type { Sector } from '@rdv/sectors';
import { MOBILE_STEP, type ListedCard as Card } from '../lib/directory';
import { ProfessionalCard } from './ProfessionalCard';

/**
 * The cards of one listing page. The server always renders the whole page (20, the desktop size);
 * on the small breakpoint the CSS shows the first 10 and a "voir plus" link to `#suite`, whose
 * `:target` reveals the next 10, without JavaScript. Crawlers and every device get the same URL
 * for the same content (see README, "Listing page size").
 */
export function ProfessionalList({
  items,
  sector,
  othersHref,
  startIndex = 0,
  restId = 'suite',
}: {
  items: Card[];
  sector: Sector;
  othersHref?: string | null;
  startIndex?: number;
  /** The anchor of the "voir plus" half on phones; unique per list of the page. */
  restId?: string;
}) {
  const first = items.slice(0, MOBILE_STEP);
  const rest = items.slice(MOBILE_STEP);
  const card = (pro: Card, i: number) => (
    // A listing's map (MapPanel) finds the cards by their order: it sets their anchors while it is open.
    <li key={pro.userUri} className="results__item">
      <ProfessionalCard
        pro={pro}
        sector={sector}
        othersHref={othersHref}
        eager={i < 2}
        distanceKm={pro.distanceKm}
      />
    </li>
  );
  return (
    <div className="results">
      <ol className="results__list" start={startIndex + 1}>
        {first.map(card)}
      </ol>
      {rest.length > 0 && (
        <>
          <div id={restId} className="results__rest" tabIndex={-1}>
            <ol className="results__list" start={startIndex + MOBILE_STEP + 1}>
              {rest.map((pro, i) => card(pro, i + MOBILE_STEP))}
            </ol>
          </div>
          <p className="results__more">
            <a href={`#${restId}`} className="button button--secondary">
              Voir {rest.length} {rest.length > 1 ? sector.words.plural : sector.words.singular} de plus
            </a>
          </p>
        </>
      )}
    </div>
  );
}
