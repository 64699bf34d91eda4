import { createHmac } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { barByKey, communeSearchSlug } from '@rdv/sectors';
import { DomainError, NotFoundError } from '../../common/domain-error';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { SlotsService } from '../availability';
import type {
  AutocompleteQueryDto,
  CityDetailDto,
  CityRefDto,
  CitySuggestionDto,
  DepartmentCitiesDto,
  DepartmentPageDto,
  DepartmentQueryDto,
  NearbyResultDto,
  OfficeDto,
  PhoneRevealDto,
  ProfessionalCardDto,
  ProfileDto,
  SearchCardDto,
  SearchQueryDto,
  SearchResultDto,
  TeamPageDto,
} from './directory.dto';
import {
  CardRow,
  type CityMatchRow,
  CityRow,
  DirectoryRepository,
  type NearestArea,
  type SearchFilters,
  SpecialityRow,
} from './directory.repository';
import { BUCKETS_OF, type CallPeriod, type CallStatsDto } from './calls.dto';

/**
 * A revealed number counts once per caller (address) and professional within this window: one
 * count per visitor per day, so repeated clicks or a reloaded page do not inflate a professional's
 * call statistics.
 */
export const CALL_DEDUP_MINUTES = 24 * 60;
/** Free slots shown on each card. */
export const CARD_SLOTS = 3;
/** Cities and specialities are reference data: their lookups by uri / slug are kept this long. */
const REFERENCE_TTL_MS = 5 * 60_000;
/** The cities-by-department listing (a GROUP BY over every professional) is kept this long. */
const CITY_LIST_TTL_MS = 30_000;

/** A small time-bounded memo: positive answers only, at most `max` keys. */
class TtlCache<V> {
  private readonly entries = new Map<string, { expires: number; value: V }>();

  constructor(
    private readonly ttlMs: number,
    private readonly max = 2_000,
  ) {}

  async get(key: string, load: () => Promise<V | undefined>): Promise<V | undefined> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > Date.now()) return hit.value;
    const value = await load();
    if (value !== undefined) {
      if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, { expires: Date.now() + this.ttlMs, value });
    }
    return value;
  }
}

/**
 * The form cities are matched on: lower case, no accents, words joined by '-'. Mirrors the SQL
 * function search_normalize (migration 0006), e.g. 'Saint-Étienne' and 'saint e' -> 'saint-e...'.
 */
export function normalizeForSearch(value: string): string {
  return value
    .replace(/œ/g, 'oe')
    .replace(/Œ/g, 'OE')
    .replace(/æ/g, 'ae')
    .replace(/Æ/g, 'AE')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function cityRef(uri: string | null, name: string | null, departmentCode: string | null): CityRefDto | null {
  return uri && name ? { cityUri: uri, name, departmentCode: departmentCode ?? '' } : null;
}

function toSuggestion(row: CityMatchRow): CitySuggestionDto {
  return {
    cityUri: row.city_uri,
    name: row.name,
    departmentCode: row.department_code,
    postalCodes: row.postal_codes,
    population: row.population,
    count: row.count,
  };
}

/** How visitors shorten commune names ("St-Malo", "Ste-Foy", "Chalon s/ Saone"). */
/** An availability filter or a "soonest" order looks at this many professionals of the commune at most. */
const SLOT_FILTER_CAP = 400;

@Injectable()
export class DirectoryService {
  private readonly logger = new Logger(DirectoryService.name);
  private readonly cityByUri = new TtlCache<CityRow>(REFERENCE_TTL_MS);
  private readonly specialityBySlug = new TtlCache<SpecialityRow>(REFERENCE_TTL_MS);
  private readonly cityList = new TtlCache<DepartmentCitiesDto[]>(CITY_LIST_TTL_MS, 1);

  constructor(
    private readonly repository: DirectoryRepository,
    private readonly slots: SlotsService,
    @Inject(ENV) private readonly env: Env,
  ) {}

  async search(query: SearchQueryDto): Promise<SearchResultDto> {
    const [city, speciality] = await Promise.all([
      this.requireCity(query.cityUri),
      query.speciality ? this.requireSpeciality(query.speciality) : undefined,
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
    const bySlots = query.availableBefore !== undefined || query.sort === 'soonest';
    let page: Array<CardRow & { distance_km?: number }>;
    let counts: { total: number; online: number };
    if (bySlots) {
      const candidates = area
        ? await this.repository.nearestCandidateIds(area, filters, SLOT_FILTER_CAP)
        : await this.repository.candidateIds(city.id, filters, SLOT_FILTER_CAP);
      [page, counts] = await this.pageBySlots(candidates, query, offset);
    } else if (area) {
      [page, counts] = await Promise.all([
        this.repository.nearestPage(area, filters, query.perPage, offset),
        this.repository.nearestCount(area, filters),
      ]);
    } else {
      [page, counts] = await Promise.all([
        this.repository.searchPage({ cityId: city.id }, filters, query.perPage, offset),
        this.repository.searchCount({ cityId: city.id }, filters),
      ]);
    }
    const totalPages = Math.ceil(counts.total / query.perPage);
    const withSlots = query.withSlots !== 'false';
    const cards = await this.toCards(page, withSlots);
    return {
      items: area ? cards.map((card, index) => withDistance(card, page[index].distance_km)) : cards,
      total: counts.total,
      page: query.page,
      perPage: query.perPage,
      totalPages,
      onlineCount: counts.online,
      city: { cityUri: city.city_uri, name: city.name, departmentCode: city.department_code },
      speciality: speciality ? { slug: speciality.slug, name: speciality.name } : null,
      // Once the commune's own list ends (or when it has nobody), the search goes on around it; "nearest
      // first" already holds the surroundings.
      nearby: !area && query.page >= totalPages ? await this.nearby(city, filters, query, withSlots) : null,
    };
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
  ): Promise<[Array<CardRow & { distance_km?: number }>, { total: number; online: number }]> {
    const first = new Map<string, string>();
    const bookable = candidates.filter((candidate) => candidate.online).map((candidate) => candidate.id);
    for (let i = 0; i < bookable.length; i += 20) {
      const { items } = await this.slots.nextSlots(bookable.slice(i, i + 20), 1);
      for (const item of items) if (item.slots[0]) first.set(item.userId, item.slots[0].start);
    }
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
      rows.map((row) => ({ ...row, distance_km: distance.get(row.id) })),
      { total: kept.length, online: kept.filter((candidate) => candidate.online).length },
    ];
  }

  private async nearby(
    city: CityRow,
    filters: SearchFilters,
    query: SearchQueryDto,
    withSlots: boolean,
  ): Promise<NearbyResultDto | null> {
    if (city.latitude === null || city.longitude === null) return null;
    const rows = await this.repository.nearby(
      { cityId: city.id, latitude: city.latitude, longitude: city.longitude },
      filters,
      query.radius,
      query.perPage,
    );
    const cards = await this.toCards(rows, withSlots);
    return {
      radiusKm: query.radius,
      items: cards.map((card, index) => ({
        ...card,
        distanceKm: Math.max(1, Math.round(rows[index].distance_km)),
      })),
    };
  }

  /** A department's page: its professionals in listing order and its communes that have some. */
  async department(code: string, query: DepartmentQueryDto): Promise<DepartmentPageDto> {
    const [department, speciality] = await Promise.all([
      this.repository.findDepartment(code),
      query.speciality ? this.requireSpeciality(query.speciality) : undefined,
    ]);
    if (!department) throw new NotFoundError('DEPARTMENT_NOT_FOUND', 'Département inconnu');
    const filters: SearchFilters = { specialityId: speciality?.id };
    const scope = { departmentCode: department.code };
    const [rows, counts, groups] = await Promise.all([
      this.repository.searchPage(scope, filters, query.perPage, (query.page - 1) * query.perPage),
      this.repository.searchCount(scope, filters),
      this.citiesByDepartment(),
    ]);
    const cities = groups.find((group) => group.department.code === department.code)?.cities ?? [];
    return {
      department,
      cities: [...cities].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, 'fr')),
      items: await this.toCards(rows, query.withSlots !== 'false'),
      total: counts.total,
      page: query.page,
      perPage: query.perPage,
      totalPages: Math.ceil(counts.total / query.perPage),
      onlineCount: counts.online,
      speciality: speciality ? { slug: speciality.slug, name: speciality.name } : null,
    };
  }

  /** Kept 30 s: a new professional's city appears in the listing within that delay. */
  async citiesByDepartment(): Promise<DepartmentCitiesDto[]> {
    return (await this.cityList.get('all', () => this.loadCitiesByDepartment())) ?? [];
  }

  private async loadCitiesByDepartment(): Promise<DepartmentCitiesDto[]> {
    const rows = await this.repository.citiesWithProfessionals();
    const groups: DepartmentCitiesDto[] = [];
    for (const row of rows) {
      let group = groups.at(-1);
      if (!group || group.department.code !== row.department_code) {
        group = { department: { code: row.department_code, name: row.department_name }, cities: [] };
        groups.push(group);
      }
      group.cities.push({ cityUri: row.city_uri, name: row.city_name, count: row.count });
    }
    return groups;
  }

  /**
   * The one commune search, for the home page's and the search bar's autocomplete and for a city page that names
   * no commune ("st etienne", "/avocats/st-etienne"): a postal code's start (29200 -> Brest); else the name's start,
   * accents, hyphens and case ignored, common abbreviations spelled out (st -> saint, ste -> sainte, s -> sur); and
   * when no name starts so, the names closest to it (trigram similarity: "marseile" -> Marseille). Most populated
   * first.
   */
  async findCities(query: AutocompleteQueryDto): Promise<CitySuggestionDto[]> {
    const q = query.q.trim();
    const postal = q.replace(/\s+/g, '');
    if (/^\d{2,5}$/.test(postal))
      return (await this.repository.autocomplete({ postalPrefix: postal }, query.limit)).map(toSuggestion);
    const normalized = communeSearchSlug(q);
    if (normalized.length < 2)
      throw new DomainError('VALIDATION_FAILED', 'Veuillez saisir au moins 2 lettres', 400);
    const starting = await this.repository.autocomplete({ normalizedPrefix: normalized }, query.limit);
    const rows =
      starting.length > 0 ? starting : await this.repository.closestCities(normalized, query.limit);
    return rows.map(toSuggestion);
  }

  async city(cityUri: string): Promise<CityDetailDto> {
    const city = await this.requireCity(cityUri);
    return {
      cityUri: city.city_uri,
      name: city.name,
      inseeCode: city.insee_code,
      department: { code: city.department_code, name: city.department_name },
      postalCodes: city.postal_codes,
      population: city.population,
      latitude: city.latitude,
      longitude: city.longitude,
      count: await this.repository.countActiveInCity(city.id),
    };
  }

  async profile(userUri: string): Promise<ProfileDto> {
    const row = await this.repository.findProfile(userUri);
    if (!row) throw new NotFoundError('PROFESSIONAL_NOT_FOUND', 'Ce professionnel est introuvable');
    const [card] = await this.toCards([row], true);
    let otherOnlineInCity: ProfileDto['otherOnlineInCity'] = null;
    if (!row.accepts_online_booking && row.city_id !== null && card.city) {
      const others = await this.repository.otherOnlineInCity(row.city_id, row.id, 3);
      otherOnlineInCity = { count: others.count, city: card.city, items: await this.toCards(others.rows) };
    }
    const office: OfficeDto | null =
      row.team_id && row.team_uri && row.team_name
        ? {
            _id: row.team_id,
            teamUri: row.team_uri,
            name: row.team_name,
            ext_id: row.team_ext_id ?? '',
            presentation: row.team_presentation,
            street: row.team_street,
            postalCode: row.team_postal_code,
            city: cityRef(row.team_city_uri, row.team_city_name, row.team_city_department_code),
          }
        : null;
    const ownAddress = row.street !== null;
    const address = ownAddress
      ? { street: row.street, postalCode: row.postal_code, city: card.city }
      : office && (office.street || office.city)
        ? { street: office.street, postalCode: office.postalCode, city: office.city }
        : null;
    return {
      ...card,
      presentation: row.presentation,
      office,
      address,
      feesInfo: row.fees_info,
      acceptsLegalAid: row.accepts_legal_aid,
      bar: barByKey(row.bar)?.label ?? null,
      spoken_languages: row.spoken_languages,
      indexable: row.indexable,
      hasPhone: row.has_phone,
      rating:
        row.rating_count > 0 && row.rating_value !== null
          ? { ratingValue: row.rating_value, ratingCount: row.rating_count, bestRating: 5, worstRating: 1 }
          : null,
      otherOnlineInCity,
    };
  }

  async callStats(userId: string, period: CallPeriod): Promise<CallStatsDto> {
    const stats = await this.repository.callStats(userId, period, BUCKETS_OF[period]);
    return {
      period,
      buckets: stats.buckets,
      total: stats.buckets.reduce((sum, bucket) => sum + bucket.count, 0),
      previousTotal: stats.previousTotal,
      thisMonth: stats.thisMonth,
    };
  }

  async revealPhone(userUri: string, ip: string | undefined): Promise<PhoneRevealDto> {
    const found = await this.repository.findPhone(userUri);
    if (!found) throw new NotFoundError('PROFESSIONAL_NOT_FOUND', 'Ce professionnel est introuvable');
    if (!found.telephone)
      throw new NotFoundError(
        'PHONE_NOT_AVAILABLE',
        'Ce professionnel n’a pas indiqué de numéro de téléphone',
      );
    await this.repository.recordCall(found.user_id, ip ? this.hashIp(ip) : null, CALL_DEDUP_MINUTES);
    return { telephone: found.telephone };
  }

  async team(teamUri: string, specialitySlug: string | undefined): Promise<TeamPageDto> {
    const [team, speciality] = await Promise.all([
      this.repository.findTeam(teamUri),
      specialitySlug ? this.requireSpeciality(specialitySlug) : undefined,
    ]);
    if (!team) throw new NotFoundError('TEAM_NOT_FOUND', 'Ce cabinet est introuvable');
    const [rows, specialities] = await Promise.all([
      this.repository.teamProfessionals(team.id, speciality?.id),
      this.repository.teamSpecialities(team.id),
    ]);
    return {
      _id: team.id,
      teamUri: team.team_uri,
      name: team.name,
      ext_id: team.ext_id,
      presentation: team.presentation,
      street: team.street,
      postalCode: team.postal_code,
      city: cityRef(team.city_uri, team.city_name, team.city_department_code),
      picture: team.picture,
      speciality: speciality ? { slug: speciality.slug, name: speciality.name } : null,
      specialities: specialities.map((s) => ({ slug: s.slug, name: s.name })),
      professionals: await this.toCards(rows, true),
    };
  }

  /** HMAC of the caller's IP with the server secret: lets calls be de-duplicated without storing IPs. */
  private hashIp(ip: string): string {
    return createHmac('sha256', this.env.JWT_SECRET).update(`call:${ip}`).digest('hex');
  }

  private async requireCity(cityUri: string) {
    const city = await this.cityByUri.get(cityUri, () => this.repository.findCityByUri(cityUri));
    if (!city) throw new NotFoundError('CITY_NOT_FOUND', 'Cette ville est introuvable');
    return city;
  }

  private async requireSpeciality(slug: string): Promise<SpecialityRow> {
    const speciality = await this.specialityBySlug.get(slug, () =>
      this.repository.findSpecialityBySlug(slug),
    );
    if (!speciality) throw new NotFoundError('SPECIALITY_NOT_FOUND', 'Cette spécialité est introuvable');
    return speciality;
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

  private async toCards(rows: CardRow[], withSlots = false): Promise<ProfessionalCardDto[]> {
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
      modes: { in_person: row.in_person_enabled, visio: row.visio_enabled, phone: row.phone_enabled },
      accepts_online_booking: row.accepts_online_booking,
      presentation_title: row.presentation_title,
      nextSlots: nextSlots.get(row.id) ?? [],
    }));
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

/** A card with its distance in whole km (a professional without coordinates has none). */
function withDistance(card: ProfessionalCardDto, distanceKm: number | undefined): SearchCardDto {
  return distanceKm !== undefined && Number.isFinite(distanceKm)
    ? { ...card, distanceKm: Math.round(distanceKm) }
    : card;
}
