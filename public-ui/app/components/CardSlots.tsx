import { startTransition, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { browserApi } from '../lib/browser-api';
import type { Slot } from '../lib/directory';
import { NextSlots } from './NextSlots';

/** The API answers the next slots of at most 20 professionals per request. */
const PROFESSIONALS_PER_REQUEST = 20;
/** Slots shown on a card. */
const CARD_SLOTS = 3;

/**
 * Where a listed card's next free slots go: the card's booking block, holding the professional's id. The
 * listing's HTML does not carry the slots: the browser asks for them once the page is live (`CardSlots`), so they
 * are never older than the API's own 30 s, even in a page a shared cache kept, and the page does not weigh 20
 * cards' slot links. The empty block keeps the slots' height and shows their outline meanwhile (app.css), so that
 * nothing below it moves when they arrive; without JavaScript it is not shown, and the card's "Voir le profil"
 * leads to them.
 */
export function CardSlotsPlaceholder({ userId }: { userId: string }) {
  return <div className="card-slots" data-next-slots={userId} />;
}

/** A card's profile: its name's link (ProfessionalCard), which the slots link to. */
function profileHrefOf(placeholder: HTMLElement): string | null {
  return placeholder.closest('article')?.querySelector('.pro-card__name a')?.getAttribute('href') ?? null;
}

/** `slots` null: the API could not say; the card then links to the profile's booking section. */
type Filled = { element: HTMLElement; profileHref: string; slots: Slot[] | null };

/**
 * Fills the slot placeholders of the cards inside the element `within` (the server's markup on a page's first
 * load, React's after a client-side navigation): one request for up to 20 cards, then each card's slots rendered
 * into its placeholder. `cardsKey` changes when the list does. A card the answer leaves out, or an API that
 * fails, gets a link to the profile's booking section instead.
 */
export function CardSlots({ within, cardsKey }: { within: string; cardsKey: string }) {
  const [filled, setFilled] = useState<Filled[]>([]);
  useEffect(() => {
    const placeholders = [
      ...(document.getElementById(within)?.querySelectorAll<HTMLElement>('[data-next-slots]') ?? []),
    ];
    const ids = placeholderIds(placeholders);
    if (ids.length === 0) return;
    let current = true;
    void (askedEarly(ids) ?? nextSlotsOf(ids)).then((slotsById) => {
      if (!current) return;
      // A transition: React renders the cards' slots in slices that leave the page free to answer a tap (on a slow
      // phone the whole list in one go held the main thread for a long task).
      startTransition(() =>
        setFilled(
          placeholders.flatMap((element) => {
            const profileHref = profileHrefOf(element);
            if (!profileHref) return [];
            return [{ element, profileHref, slots: slotsById.get(element.dataset.nextSlots ?? '') ?? null }];
          }),
        ),
      );
    });
    return () => {
      current = false;
      setFilled([]);
    };
  }, [within, cardsKey]);
  return (
    <>
      {filled.map(({ element, profileHref, slots }) =>
        createPortal(
          slots ? (
            <NextSlots slots={slots} profileHref={profileHref} headingLevel={4} />
          ) : (
            <p className="next-slots__none">
              <a href={`${profileHref}#prendre-rendez-vous`}>Voir les disponibilités</a>
            </p>
          ),
          element,
          element.dataset.nextSlots,
        ),
      )}
    </>
  );
}

const placeholderIds = (placeholders: Iterable<HTMLElement>) =>
  [...new Set([...placeholders].map((element) => element.dataset.nextSlots ?? ''))].filter(Boolean);

/** The answer asked as the page's scripts started, for the cards still waiting for theirs on this page. */
let early: { href: string; waiting: Set<string>; answer: Promise<Map<string, Slot[]>> } | undefined;

/**
 * Asks the slots of the server's cards as soon as the page's scripts start (entry.client.tsx), before React
 * hydrates. The scripts start only once the page has painted (lib/hydration-after-paint.server.ts); asked from the
 * cards' effect, the answer would come a round trip after hydration, while asked here it arrives during it.
 */
export function askServerCardSlotsEarly(): void {
  const ids = placeholderIds(document.querySelectorAll<HTMLElement>('[data-next-slots]'));
  if (ids.length > 0) early = { href: location.href, waiting: new Set(ids), answer: nextSlotsOf(ids) };
}

/**
 * The early answer when it covers these cards on the page it was asked for. Each card takes it once: a list shown
 * again later (a client-side navigation back) asks afresh, as the slots may have changed.
 */
function askedEarly(ids: string[]): Promise<Map<string, Slot[]>> | undefined {
  const asked = early;
  if (!asked || asked.href !== location.href || !ids.every((id) => asked.waiting.has(id))) return undefined;
  for (const id of ids) asked.waiting.delete(id);
  if (asked.waiting.size === 0) early = undefined;
  return asked.answer;
}

/** The next slots of each professional, by id; none for a batch the API could not answer (its cards get the link). */
async function nextSlotsOf(ids: string[]): Promise<Map<string, Slot[]>> {
  const batches: string[][] = [];
  for (let i = 0; i < ids.length; i += PROFESSIONALS_PER_REQUEST)
    batches.push(ids.slice(i, i + PROFESSIONALS_PER_REQUEST));
  const answers = await Promise.all(
    batches.map((userIds) =>
      browserApi()
        .GET('/api/v1/slots/next', { params: { query: { userIds, limit: CARD_SLOTS } } })
        .then(({ data }) => data?.items ?? [])
        .catch(() => []),
    ),
  );
  return new Map(answers.flat().map((item) => [item.userId, item.slots]));
}
