import type { Sector } from '@rdv/sectors';
import { MOBILE_STEP, type ListedCard as Card } from '../lib/directory';
import type { RenderedList } from '../lib/server-rendered';
import { CardSlots } from './CardSlots';
import { ProfessionalCard } from './ProfessionalCard';
import { ServerRenderedBlock } from './ServerRenderedBlock';

/**
 * The cards of one listing page, and their slots (components/CardSlots.tsx). The server always renders the whole
 * page (20, the desktop size); on the small breakpoint the CSS shows the first 10 and a "voir plus" link to
 * `#suite`, whose `:target` reveals the next 10, without JavaScript. Crawlers and every device get the same URL
 * for the same content. On a page's first load the browser keeps the server's cards as they are: their data is
 * not in the page (lib/server-rendered.ts).
 */
export function ProfessionalList({
  list,
  id,
  sector,
  othersHref,
  startIndex = 0,
  restId = 'suite',
}: {
  list: RenderedList<Card>;
  /** The block's id, unique in the page. */
  id: string;
  sector: Sector;
  othersHref?: string | null;
  startIndex?: number;
  /** The anchor of the "voir plus" half on phones; unique per list of the page. */
  restId?: string;
}) {
  const cards = list.entries;
  return (
    <>
      <ServerRenderedBlock
        id={id}
        className="results"
        render={
          cards
            ? () => (
                <Cards
                  items={cards}
                  sector={sector}
                  othersHref={othersHref}
                  startIndex={startIndex}
                  restId={restId}
                />
              )
            : null
        }
      />
      <CardSlots within={id} cardsKey={cards ? cards.map((pro) => pro._id).join() : 'server'} />
    </>
  );
}

function Cards({
  items,
  sector,
  othersHref,
  startIndex,
  restId,
}: {
  items: readonly Card[];
  sector: Sector;
  othersHref?: string | null;
  startIndex: number;
  restId: string;
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
    <>
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
    </>
  );
}
