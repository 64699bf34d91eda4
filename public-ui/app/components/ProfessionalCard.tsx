import { MESSAGES_FR, wordsFor, type Sector } from '@rdv/sectors';
import { fullName, paths, type ListedCard as Card } from '../lib/directory';
import { Avatar } from './Avatar';
import { Modes } from './Modes';
import { MotivePrices } from './MotivePrices';
import { NextSlots } from './NextSlots';
import { CardSlotsPlaceholder } from './CardSlots';
import { PLAIN_LINKS_AREA, plainLink } from '../lib/plain-links';

const MAX_CHIPS = 3;

/**
 * A professional in a list (city listing, office page). Its slots: the ones given (an office's page), or a
 * placeholder the browser fills (`nextSlots` absent: the listings, components/CardSlots.tsx). Its links are plain anchors followed client-side
 * by the page's `<main>` (lib/plain-links.ts): a listing renders 20 cards. `othersHref`: where the professionals of
 * the city who take online booking are listed, for the spec's message on a card without it
 * (omitted when nobody else in the city does).
 */
export function ProfessionalCard({
  pro,
  sector,
  othersHref,
  headingLevel = 3,
  eager = false,
  showOffice = true,
  distanceKm,
}: {
  pro: Card;
  sector: Sector;
  othersHref?: string | null;
  headingLevel?: 2 | 3;
  eager?: boolean;
  /** false on the office's own page. */
  showOffice?: boolean;
  /**
   * Shown as "À 8,4 km : Guipavas" when the card comes from a nearby commune or a "nearest first" list; "À ≈ 8,4 km"
   * when the professional is placed at their commune's centre only (address not geocoded).
   */
  distanceKm?: number;
}) {
  const team = showOffice ? pro.team : null;
  const to = paths(sector.routes);
  const href = to.profile(pro.userUri);
  const Heading = `h${headingLevel}` as 'h2';
  const shown = pro.specialities.slice(0, MAX_CHIPS);
  const more = pro.specialities.length - shown.length;
  return (
    <article className="pro-card" aria-labelledby={`pro-${pro.userUri}`} {...PLAIN_LINKS_AREA}>
      <div className="pro-card__head">
        <Avatar person={pro} eager={eager} />
        <div className="pro-card__id">
          <Heading className="pro-card__name" id={`pro-${pro.userUri}`}>
            <a {...plainLink(href)}>{fullName(pro)}</a>
          </Heading>
          {pro.presentation_title && <p className="pro-card__title">{pro.presentation_title}</p>}
          {(team || pro.city) && (
            <p className="pro-card__office">
              {team && <a {...plainLink(to.office(team.teamUri))}>{team.name}</a>}
              {team && pro.city && <span aria-hidden="true"> · </span>}
              {pro.city && (
                <span>
                  {distanceKm === undefined ? (
                    pro.city.name
                  ) : (
                    <>
                      <Distance km={distanceKm} approximate={pro.locationPrecision !== 'address'} /> :{' '}
                      {pro.city.name}
                    </>
                  )}
                </span>
              )}
            </p>
          )}
        </div>
      </div>
      {shown.length > 0 && (
        <ul className="chips" aria-label={sector.specialitiesLabel}>
          {shown.map((s) => (
            <li key={s.slug} className="chip">
              {s.name}
            </li>
          ))}
          {more > 0 && (
            <li className="chip chip--more">
              +{more}
              <span className="visually-hidden">
                {' '}
                autre{more > 1 ? 's' : ''} domaine{more > 1 ? 's' : ''}
              </span>
            </li>
          )}
        </ul>
      )}
      <Modes modes={pro.modes} sector={sector} />
      {pro.accepts_online_booking && (
        <MotivePrices motives={pro.motives} max={MAX_CHIPS} label="Motifs de rendez-vous" />
      )}
      {!pro.accepts_online_booking ? (
        <div className="pro-card__booking">
          <NoOnlineBooking
            sector={sector}
            civility={pro.civility}
            othersHref={othersHref}
            cityName={pro.city?.name}
          />
        </div>
      ) : pro.nextSlots ? (
        <div className="pro-card__booking">
          <NextSlots slots={pro.nextSlots} profileHref={href} headingLevel={headingLevel === 2 ? 3 : 4} />
        </div>
      ) : (
        <CardSlotsPlaceholder userId={pro._id} />
      )}
      <p className="pro-card__cta">
        <a href={href} className="button button--secondary" aria-label={`Voir le profil de ${fullName(pro)}`}>
          Voir le profil
        </a>
      </p>
    </article>
  );
}

/** "À 3,2 km", or "À ≈ 3,2 km" when measured to the commune's centre (the address could not be placed). */
function Distance({ km, approximate }: { km: number; approximate: boolean }) {
  const figure = `${km.toLocaleString('fr-FR', { maximumFractionDigits: 1 })} km`;
  if (!approximate) return <>{km < 1 ? 'À moins d’1 km' : `À ${figure}`}</>;
  return (
    <>
      À <abbr title="environ : distance mesurée depuis le centre de la commune">≈</abbr>
      {` ${figure}`}
    </>
  );
}

/** docs/product.md §8: they do not take online booking yet, but other professionals of the city do. */
export function NoOnlineBooking({
  sector,
  civility,
  othersHref,
  cityName,
}: {
  sector: Sector;
  /** The professional's: "Mme" reads "L'avocate ne prend pas…". */
  civility?: string | null;
  othersHref?: string | null;
  cityName?: string;
}) {
  if (!othersHref) {
    return (
      <p className="notice notice--muted">
        Ne prend pas encore de rendez-vous en ligne : contactez directement{' '}
        {/^[aeiouyéè]/i.test(sector.words.office) ? 'l’' : 'le '}
        {sector.words.office}.
      </p>
    );
  }
  return (
    <p className="notice notice--muted">
      {MESSAGES_FR.noOnlineBooking(wordsFor(sector, civility).definite, sector.words.plural)}.{' '}
      <a {...plainLink(othersHref)}>
        Voir les {sector.words.plural}
        {cityName ? ` de ${cityName}` : ''} qui prennent rendez-vous en ligne
      </a>
    </p>
  );
}
