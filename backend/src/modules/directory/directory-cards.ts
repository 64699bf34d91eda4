import { Injectable, Logger } from '@nestjs/common';
import { SlotsService } from '../availability';
import type { CityRefDto, ProfessionalCardDto } from './directory.dto';
import type { CardRow } from './directory.repository';

/** Free slots shown on each card. */
const CARD_SLOTS = 3;

export function cityRef(
  uri: string | null,
  name: string | null,
  departmentCode: string | null,
): CityRefDto | null {
  return uri && name ? { cityUri: uri, name, departmentCode: departmentCode ?? '' } : null;
}

/** The point a card or an office page gives a map, and how exact it is. */
export function locationOf(row: {
  latitude: number | null;
  longitude: number | null;
  location_precision: 'address' | 'commune' | null;
}): { latitude: number | null; longitude: number | null; locationPrecision: 'address' | 'commune' } {
  const placed = row.latitude !== null && row.longitude !== null;
  return {
    latitude: placed ? row.latitude : null,
    longitude: placed ? row.longitude : null,
    locationPrecision: placed && row.location_precision === 'address' ? 'address' : 'commune',
  };
}

/** A distance as the cards show it: km to a tenth. */
export function roundedKm(distanceKm: number): number {
  return Math.round(distanceKm * 10) / 10;
}

/** Stable: equals (and those with no slot, last) keep the stored order. */
export function byFirstSlot<T>(items: T[], firstOf: (item: T) => string | undefined): T[] {
  const at = (item: T) => {
    const first = firstOf(item);
    return first ? Date.parse(first) : Number.POSITIVE_INFINITY;
  };
  return items
    .map((item, index) => ({ item, index, at: at(item) }))
    .sort((a, b) => (a.at === b.at ? a.index - b.index : a.at < b.at ? -1 : 1))
    .map(({ item }) => item);
}

/** Cards in the order of their first live slot (those without one last), equals keeping their order. */
export function bySoonestCard<T extends { nextSlots: Array<{ start: string }> }>(cards: T[]): T[] {
  return byFirstSlot(cards, (card) => card.nextSlots[0]?.start);
}

/** Professionals' cards as every listing shows them, with their next free slots when asked. */
@Injectable()
export class DirectoryCards {
  private readonly logger = new Logger(DirectoryCards.name);

  constructor(private readonly slots: SlotsService) {}

  /**
   * The first free slot of each given professional (those without one are absent), 20 at a time: what a
   * "soonest first" order or an availability filter decides on.
   */
  async firstSlots(userIds: string[]): Promise<Map<string, string>> {
    const first = new Map<string, string>();
    for (let i = 0; i < userIds.length; i += 20) {
      const { items } = await this.slots.nextSlots(userIds.slice(i, i + 20), 1);
      for (const item of items) if (item.slots[0]) first.set(item.userId, item.slots[0].start);
    }
    return first;
  }

  /**
   * The next free slots of the professionals who take online booking, from the availability module.
   * A failure there must not break the directory: the cards then come without slots.
   */
  private async nextSlotsOf(rows: CardRow[]): Promise<Map<string, Array<{ start: string; end: string }>>> {
    const ids = rows.filter((row) => row.accepts_online_booking).map((row) => row.id);
    const slots = new Map<string, Array<{ start: string; end: string }>>();
    if (ids.length === 0) return slots;
    try {
      for (let i = 0; i < ids.length; i += 20) {
        const { items } = await this.slots.nextSlots(ids.slice(i, i + 20), CARD_SLOTS);
        for (const item of items)
          slots.set(
            item.userId,
            item.slots.map((slot) => ({ start: slot.start, end: slot.end })),
          );
      }
    } catch (error) {
      this.logger.warn(`next slots unavailable: ${error instanceof Error ? error.message : String(error)}`);
    }
    return slots;
  }

  async toCards(rows: CardRow[], withSlots = false): Promise<ProfessionalCardDto[]> {
    const nextSlots = withSlots
      ? await this.nextSlotsOf(rows)
      : new Map<string, Array<{ start: string; end: string }>>();
    return rows.map((row) => ({
      _id: row.id,
      userUri: row.user_uri,
      first_name: row.first_name,
      last_name: row.last_name,
      civility: row.civility,
      picture: row.picture,
      team: row.team_uri && row.team_name ? { teamUri: row.team_uri, name: row.team_name } : null,
      city: cityRef(row.city_uri, row.city_name, row.city_department_code),
      specialities: row.specialities,
      motives: row.motives,
      modes: { in_person: row.in_person_enabled, visio: row.visio_enabled, phone: row.phone_enabled },
      accepts_online_booking: row.accepts_online_booking,
      presentation_title: row.presentation_title,
      nextSlots: nextSlots.get(row.id) ?? [],
      ...locationOf(row),
    }));
  }
}
