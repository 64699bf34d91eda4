import { Inject, Injectable } from '@nestjs/common';
import { getSector } from '@rdv/sectors';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { bySoonestCard, DirectoryCards, roundedKm } from './directory-cards';
import {
  type NearbyResultDto,
  REMOTE_SECTION_SIZE,
  type RemoteResultDto,
  type SearchQueryDto,
  WIDER_RADII_KM,
} from './directory.dto';
import {
  type CardReadRows,
  type CardRow,
  type CityRow,
  DirectoryRepository,
  type SearchFilters,
  withCards,
} from './directory.repository';
import { type RemoteMode, SearchReachRepository } from './search-reach.repository';

/** The radius a visitor gets by default and the widest they can choose: the one widened from. */
const WIDENED_FROM_KM = 50;
/** How many remote professionals (nearest first) the slot engine ranks to find the soonest. */
const REMOTE_CANDIDATES = 20;

/** A nearby section found: its professionals' keys and distances, their cards possibly owed (CardReads). */
export interface NearbyFound extends Omit<NearbyResultDto, 'items'> {
  found: CardReadRows<{ distance_km: number }>;
}

/** A remote section found: its professionals' keys, their cards possibly owed (CardReads). */
export interface RemoteFound extends Omit<RemoteResultDto, 'items'> {
  found: CardReadRows<{ distance_km: number | null }>;
}

/**
 * What a search shows past the commune's own professionals, so a listing never ends with nothing to book: the
 * nearest of other communes (going as far as 200 km when 50 give fewer than a page), and the professionals who
 * consult by video or phone wherever they practise, soonest free slot first.
 */
@Injectable()
export class SearchReach {
  constructor(
    private readonly repository: DirectoryRepository,
    private readonly reach: SearchReachRepository,
    private readonly cards: DirectoryCards,
    @Inject(ENV) private readonly env: Env,
  ) {}

  /**
   * The nearest professionals of other communes within the chosen radius; at the default 50 km, when the commune
   * and its surroundings hold fewer than a page, the first of 100 and 200 km that fills it (else the smallest that
   * holds the most, or 200 km when none adds anyone), said in `widenedFromKm`. Their cards are read by
   * nearbySection, with the search's others.
   */
  async nearby(
    city: CityRow,
    filters: SearchFilters,
    query: SearchQueryDto,
    communeTotal: number,
  ): Promise<NearbyFound | null> {
    if (city.latitude === null || city.longitude === null) return null;
    const origin = { cityId: city.id, latitude: city.latitude, longitude: city.longitude };
    const within = (radiusKm: number) => this.repository.nearby(origin, filters, radiusKm, query.perPage);
    const asked = await within(query.radius);
    let rows = asked;
    let radiusKm = query.radius;
    let widened = false;
    if (query.radius === WIDENED_FROM_KM) {
      for (const wider of WIDER_RADII_KM) {
        if (communeTotal + rows.rows.length >= query.perPage) break;
        widened = true;
        const found = await within(wider);
        if (found.rows.length > rows.rows.length) [rows, radiusKm] = [found, wider];
      }
      // Nobody more as far as the search went: it says how far that was.
      if (widened && radiusKm === query.radius) radiusKm = WIDER_RADII_KM.at(-1)!;
    }
    return {
      radiusKm,
      widenedFromKm: widened ? query.radius : null,
      countWithinAsked: asked.rows.length,
      found: rows,
    };
  }

  /** The nearby section with its cards (`cards`: the search's owed cards, DirectoryRepository.owedCards). */
  async nearbySection(
    { found, ...section }: NearbyFound,
    cards: ReadonlyMap<string, CardRow>,
    withSlots: boolean,
  ): Promise<NearbyResultDto> {
    const rows = withCards(found, cards);
    const items = await this.cards.toCards(rows, withSlots);
    return {
      ...section,
      items: items.map((card, index) => ({
        ...card,
        // Another commune's professional is never "0 km" away, even next door.
        distanceKm: Math.max(0.1, roundedKm(rows[index].distance_km)),
      })),
    };
  }

  /**
   * Professionals who consult by video or phone anywhere in France, with the visitor's speciality and filters,
   * soonest free slot first (among the nearest REMOTE_CANDIDATES, so the region's own come before equals from
   * afar); none of the commune nor of `exceptIds`. Null when the visitor asked to be received in person, or in a
   * trade that does not consult remotely. Their cards are read by remoteSection, with the search's others.
   */
  async remote(city: CityRow, filters: SearchFilters, exceptIds: string[]): Promise<RemoteFound | null> {
    if (filters.mode === 'in_person' || !getSector(this.env.SECTOR).remoteAppointments) return null;
    const modes: RemoteMode[] = filters.mode ? [filters.mode] : ['visio', 'phone'];
    const origin =
      city.latitude !== null && city.longitude !== null
        ? { latitude: city.latitude, longitude: city.longitude }
        : null;
    const { found, total, capped } = await this.reach.remoteSection(
      origin,
      filters,
      modes,
      { cityId: city.id, ids: exceptIds },
      { candidates: REMOTE_CANDIDATES, size: REMOTE_SECTION_SIZE },
    );
    return { modes, total, totalCapped: capped, found };
  }

  /** The remote section with its cards (`cards`: the search's owed cards, DirectoryRepository.owedCards). */
  async remoteSection(
    { found, ...section }: RemoteFound,
    cards: ReadonlyMap<string, CardRow>,
    withSlots: boolean,
  ): Promise<RemoteResultDto> {
    const items = await this.cards.toCards(withCards(found, cards), withSlots);
    // Chosen by their stored first slot; shown in the order of their live one (a slot taken a moment ago).
    return { ...section, items: withSlots ? bySoonestCard(items) : items };
  }
}
