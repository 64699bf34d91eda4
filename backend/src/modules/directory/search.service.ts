import { Injectable } from '@nestjs/common';
import { byFirstSlot, bySoonestCard, DirectoryCards, roundedKm } from './directory-cards';
import { DirectoryLookups, TtlCache } from './directory-lookups';
import type { ProfessionalCardDto, SearchCardDto, SearchQueryDto, SearchResultDto } from './directory.dto';
import {
  type CardKeys,
  type CardReadRows,
  type CardRow,
  type CityRow,
  DirectoryRepository,
  type NearestArea,
  type SearchFilters,
  withCards,
} from './directory.repository';
import { SearchReach } from './search-reach.service';

/** An availability filter or a "soonest" order looks at this many professionals of the commune at most. */
const SLOT_FILTER_CAP = 400;

/**
 * A commune's totals (with the visitor's filters) are kept this long: shared caches already keep the whole answer
 * 30 s (PUBLIC_CACHE.slots). Counting reads every matching professional of the commune (2,465 in Paris at the
 * size of the market, their rows rewritten each minute by the first-free-slot refresher: heap fetches), where
 * the page reads twenty.
 */
const COMMUNE_TOTALS_TTL_MS = 30_000;

/**
 * Totals are kept only for a list at least this long: a shorter one is counted in a few index pages (Paris at
 * 5,000 professionals, 147 of them: 0.05 ms; 2,465 at 80,000: 0.6-0.9 ms), and a commune's list then changes the
 * moment a professional joins or leaves it.
 */
const COMMUNE_TOTALS_KEPT_FROM = 500;

type Counts = { total: number; online: number };

/** The search of a commune's listing: its professionals, then those around it and those who consult remotely. */
@Injectable()
export class SearchService {
  constructor(
    private readonly repository: DirectoryRepository,
    private readonly lookups: DirectoryLookups,
    private readonly cards: DirectoryCards,
    private readonly reach: SearchReach,
  ) {}

  private readonly communeTotals = new TtlCache<Counts>(COMMUNE_TOTALS_TTL_MS);

  async search(query: SearchQueryDto): Promise<SearchResultDto> {
    const [city, speciality] = await Promise.all([
      this.lookups.requireCity(query.cityUri),
      query.speciality ? this.lookups.requireSpeciality(query.speciality) : undefined,
    ]);
    const filters: SearchFilters = {
      specialityId: speciality?.id,
      mode: query.mode,
      language: query.language,
      legalAid: query.legalAid === 'true',
    };
    const offset = (query.page - 1) * query.perPage;
    // "Nearest first" reaches past the commune: its professionals and the circle around, in one list.
    const area = query.sort === 'nearest' ? nearestArea(city, query) : null;
    // "Soonest first" alone reads the stored first free slots; with an availability filter, the slot engine decides.
    const soonest = query.sort === 'soonest' && query.availableBefore === undefined;
    const bySlots = query.availableBefore !== undefined || query.sort === 'soonest';
    const withSlots = query.withSlots !== 'false';
    let read: CardReadRows<{ distance_km?: number }>;
    let counts: { total: number; online: number };
    if (soonest) {
      [read, counts] = await this.communePage(city.id, filters, query.perPage, offset, () =>
        this.repository.soonestPage(city.id, filters, query.perPage, offset),
      );
      // Cards without slots: the live first slots still put the page in order.
      if (!withSlots) read = { ...read, rows: await this.inLiveOrder(read.rows) };
    } else if (bySlots) {
      const candidates = area
        ? await this.repository.nearestCandidateIds(area, filters, SLOT_FILTER_CAP)
        : await this.repository.candidateIds(city.id, filters, SLOT_FILTER_CAP);
      [read, counts] = await this.pageBySlots(candidates, query, offset);
    } else if (area) {
      [read, counts] = await Promise.all([
        this.repository.nearestPage(area, filters, query.perPage, offset),
        this.repository.nearestCount(area, filters),
      ]);
    } else {
      [read, counts] = await this.communePage(city.id, filters, query.perPage, offset, () =>
        this.repository.searchPage({ cityId: city.id }, filters, query.perPage, offset),
      );
    }
    const totalPages = Math.ceil(counts.total / query.perPage);
    const lastPage = query.page >= totalPages;
    // Once the commune's own list ends (or when it has nobody), the search goes on around it; "nearest first"
    // already holds the surroundings.
    const nearby = !area && lastPage ? await this.reach.nearby(city, filters, query, counts.total) : null;
    // Then, on the last page, whoever consults remotely: never listed twice on the page.
    const shown = [...read.rows.map((row) => row.id), ...(nearby?.found.rows.map((row) => row.id) ?? [])];
    const remote = lastPage ? await this.reach.remote(city, filters, shown) : null;
    // The cards the sections' reads owe, in one read (each section's own was a round trip and a statement more).
    const owed = await this.repository.owedCards(read, nearby?.found, remote?.found);
    let page = withCards(read, owed);
    let cards = await this.cards.toCards(page, withSlots);
    if (soonest && withSlots) [cards, page] = inFirstSlotOrder(cards, page);
    return {
      items: area ? cards.map((card, index) => withDistance(card, page[index].distance_km)) : cards,
      total: counts.total,
      page: query.page,
      perPage: query.perPage,
      totalPages,
      onlineCount: counts.online,
      city: { cityUri: city.city_uri, name: city.name, departmentCode: city.department_code },
      speciality: speciality ? { slug: speciality.slug, name: speciality.name } : null,
      nearby: nearby && (await this.reach.nearbySection(nearby, owed, withSlots)),
      remote: remote && (await this.reach.remoteSection(remote, owed, withSlots)),
    };
  }

  /**
   * A page of the commune's professionals (`read`) and the commune's totals: from the page itself when it is a
   * first page that is not full; for a long list (COMMUNE_TOTALS_KEPT_FROM), kept COMMUNE_TOTALS_TTL_MS when the
   * page agrees with them (a full page needs at least as many, a short one exactly its own end); else counted.
   * A first page is read before anything is counted: most communes hold less than a page (and a big one with a
   * rare speciality), and their count is then never run; a full one is counted after it. A deeper page of a list
   * whose totals are not kept is counted beside its read.
   */
  private async communePage(
    cityId: number,
    filters: SearchFilters,
    perPage: number,
    offset: number,
    read: () => Promise<CardReadRows>,
  ): Promise<[CardReadRows, Counts]> {
    const key = `${cityId}:${filters.specialityId ?? ''}:${filters.mode ?? ''}:${filters.language ?? ''}:${filters.legalAid ? 1 : ''}`;
    const peeked = this.communeTotals.peek(key);
    const kept = peeked && peeked.total >= COMMUNE_TOTALS_KEPT_FROM ? peeked : undefined;
    let page: CardReadRows | undefined;
    if (offset === 0 || kept) {
      page = await read();
      const counts = totalsOfPage(page.rows, perPage, offset, kept);
      if (counts) return [page, counts];
    }
    const [fresh, counted] = await Promise.all([
      page ?? read(),
      this.repository.searchCount({ cityId }, filters),
    ]);
    this.communeTotals.set(key, counted);
    return [fresh, counted];
  }

  /**
   * A "soonest first" page put in the order of its live first free slots: a stored slot the refresher has not
   * caught up with yet (booked a minute ago, freed by a cancellation) never misorders the page shown.
   */
  private async inLiveOrder<R extends CardKeys>(page: R[]): Promise<R[]> {
    const first = await this.cards.firstSlots(
      page.filter((row) => row.accepts_online_booking).map((row) => row.id),
    );
    return byFirstSlot(page, (row) => first.get(row.id));
  }

  /**
   * A page ordered or filtered by the slot engine: the candidates (up to SLOT_FILTER_CAP, in listing or
   * distance order) get their first free slot, those without one before `availableBefore` drop out, and
   * "soonest" puts the earliest first (then the others in the candidates' order).
   */
  private async pageBySlots(
    candidates: Array<{ id: string; online: boolean; distance_km?: number }>,
    query: SearchQueryDto,
    offset: number,
  ): Promise<[CardReadRows<{ distance_km?: number }>, { total: number; online: number }]> {
    const first = await this.cards.firstSlots(
      candidates.filter((candidate) => candidate.online).map((candidate) => candidate.id),
    );
    let kept = candidates;
    // A slot's local date is its first 10 characters (the API answers local times with their offset).
    if (query.availableBefore)
      kept = kept.filter(
        (candidate) => (first.get(candidate.id)?.slice(0, 10) ?? '9999') <= query.availableBefore!,
      );
    if (query.sort === 'soonest') {
      const at = (id: string) => (first.has(id) ? Date.parse(first.get(id)!) : Number.POSITIVE_INFINITY);
      kept = [...kept].sort((a, b) => at(a.id) - at(b.id));
    }
    const onPage = kept.slice(offset, offset + query.perPage);
    const rows = await this.repository.cardsByIds(onPage.map((row) => row.id));
    const distance = new Map(onPage.map((row) => [row.id, row.distance_km]));
    return [
      { rows: rows.map((row) => ({ ...row, distance_km: distance.get(row.id) })), carded: true },
      { total: kept.length, online: kept.filter((candidate) => candidate.online).length },
    ];
  }
}

/**
 * Where "nearest first" measures from: the visitor's position when the page sent it (rounded by the page),
 * else the commune's centre; null when neither is known (the listing is then the usual one).
 */
function nearestArea(city: CityRow, query: SearchQueryDto): NearestArea | null {
  const radiusKm = query.radius;
  if (query.lat !== undefined && query.lng !== undefined)
    return { cityId: city.id, latitude: query.lat, longitude: query.lng, radiusKm };
  if (city.latitude === null || city.longitude === null) return null;
  return { cityId: city.id, latitude: city.latitude, longitude: city.longitude, radiusKm };
}

/**
 * The totals a page of a commune's list settles: a first page that is not full holds the whole list; `kept`
 * totals stand when the page agrees with them. Undefined: they have to be counted.
 */
function totalsOfPage(page: CardKeys[], perPage: number, offset: number, kept?: Counts): Counts | undefined {
  if (offset === 0 && page.length < perPage)
    return { total: page.length, online: page.filter((row) => row.accepts_online_booking).length };
  if (!kept) return undefined;
  const agrees = page.length < perPage ? kept.total === offset + page.length : kept.total >= offset + perPage;
  return agrees ? kept : undefined;
}

/** A card with its distance in km to a tenth (a professional without coordinates has none). */
function withDistance(card: ProfessionalCardDto, distanceKm: number | undefined): SearchCardDto {
  return distanceKm !== undefined && Number.isFinite(distanceKm)
    ? { ...card, distanceKm: roundedKm(distanceKm) }
    : card;
}

/** A "soonest first" page with its cards' live slots: both in the order of those slots. */
function inFirstSlotOrder(cards: ProfessionalCardDto[], page: CardRow[]): [ProfessionalCardDto[], CardRow[]] {
  const rowOf = new Map(page.map((row) => [row.id, row]));
  const sorted = bySoonestCard(cards);
  return [sorted, sorted.map((card) => rowOf.get(card._id)!)];
}
