import { createHmac } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { barByKey, communeSearchSlug } from '@rdv/sectors';
import { DomainError, NotFoundError } from '../../common/domain-error';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { cityRef, DirectoryCards, locationOf } from './directory-cards';
import { DirectoryLookups, TtlCache } from './directory-lookups';
import type {
  AutocompleteQueryDto,
  CityDetailDto,
  CitySuggestionDto,
  DepartmentCitiesDto,
  DepartmentPageDto,
  DepartmentQueryDto,
  OfficeDto,
  PhoneRevealDto,
  ProfileDto,
  TeamPageDto,
} from './directory.dto';
import {
  type CityMatchRow,
  DirectoryRepository,
  type SearchFilters,
  withCards,
} from './directory.repository';
import { BUCKETS_OF, type CallPeriod, type CallStatsDto } from './calls.dto';

/**
 * A revealed number counts once per caller (address) and professional within this window: one
 * count per visitor per day, so repeated clicks or a reloaded page do not inflate a professional's
 * call statistics.
 */
export const CALL_DEDUP_MINUTES = 24 * 60;
/** The cities-by-department listing (a GROUP BY over every professional) is kept this long. */
const CITY_LIST_TTL_MS = 30_000;

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

/** The directory's pages other than a commune's search: departments, communes, profiles, offices, calls. */
@Injectable()
export class DirectoryService {
  private readonly cityList = new TtlCache<DepartmentCitiesDto[]>(CITY_LIST_TTL_MS, 1);

  constructor(
    private readonly repository: DirectoryRepository,
    private readonly lookups: DirectoryLookups,
    private readonly cards: DirectoryCards,
    @Inject(ENV) private readonly env: Env,
  ) {}

  /** A department's page: its professionals in listing order and its communes that have some. */
  async department(code: string, query: DepartmentQueryDto): Promise<DepartmentPageDto> {
    const [department, speciality] = await Promise.all([
      this.repository.findDepartment(code),
      query.speciality ? this.lookups.requireSpeciality(query.speciality) : undefined,
    ]);
    if (!department) throw new NotFoundError('DEPARTMENT_NOT_FOUND', 'Département inconnu');
    const filters: SearchFilters = { specialityId: speciality?.id };
    const scope = { departmentCode: department.code };
    const [page, counts, groups] = await Promise.all([
      this.repository.searchPage(scope, filters, query.perPage, (query.page - 1) * query.perPage),
      this.repository.searchCount(scope, filters),
      this.citiesByDepartment(),
    ]);
    const cities = groups.find((group) => group.department.code === department.code)?.cities ?? [];
    return {
      department,
      cities: [...cities].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, 'fr')),
      items: await this.cards.toCards(
        withCards(page, await this.repository.owedCards(page)),
        query.withSlots !== 'false',
      ),
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
    const city = await this.lookups.requireCity(cityUri);
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
    const [card] = await this.cards.toCards([row], true);
    let otherOnlineInCity: ProfileDto['otherOnlineInCity'] = null;
    if (!row.accepts_online_booking && row.city_id !== null && card.city) {
      const others = await this.repository.otherOnlineInCity(row.city_id, row.id, 3);
      otherOnlineInCity = {
        count: others.count,
        city: card.city,
        items: await this.cards.toCards(others.rows),
      };
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
            ...locationOf({
              latitude: row.team_latitude,
              longitude: row.team_longitude,
              location_precision: row.team_location_precision,
            }),
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
      specialitySlug ? this.lookups.requireSpeciality(specialitySlug) : undefined,
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
      ...locationOf(team),
      picture: team.picture,
      speciality: speciality ? { slug: speciality.slug, name: speciality.name } : null,
      specialities: specialities.map((s) => ({ slug: s.slug, name: s.name })),
      professionals: await this.cards.toCards(rows, true),
    };
  }

  /** HMAC of the caller's IP with the server secret: lets calls be de-duplicated without storing IPs. */
  private hashIp(ip: string): string {
    return createHmac('sha256', this.env.JWT_SECRET).update(`call:${ip}`).digest('hex');
  }
}
