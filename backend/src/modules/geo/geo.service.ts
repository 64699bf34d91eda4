import { Injectable } from '@nestjs/common';
import { DomainError, NotFoundError } from '../../common/domain-error';
import type { NearestCityDto } from './geo.dto';
import { GeoRepository } from './geo.repository';
import { IpLocator } from './ip-locator';

/** Where to look when the visitor cannot be located: Paris (Notre-Dame). */
export const PARIS = { latitude: 48.853, longitude: 2.3499 } as const;

@Injectable()
export class GeoService {
  constructor(
    private readonly repository: GeoRepository,
    private readonly ipLocator: IpLocator,
  ) {}

  /** From explicit coordinates (browser geolocation), else from the client IP, else Paris. */
  async nearestCity(
    lat: number | undefined,
    lng: number | undefined,
    ip: string | undefined,
  ): Promise<NearestCityDto> {
    if ((lat === undefined) !== (lng === undefined)) {
      throw new DomainError(
        'VALIDATION_FAILED',
        'La latitude et la longitude doivent être fournies ensemble',
        400,
      );
    }
    if (lat !== undefined && lng !== undefined) return this.nearestTo(lat, lng, 'coordinates');
    const located = ip ? this.ipLocator.locate(ip) : undefined;
    if (located) return this.nearestTo(located.latitude, located.longitude, 'ip');
    return this.nearestTo(PARIS.latitude, PARIS.longitude, 'fallback');
  }

  private async nearestTo(
    lat: number,
    lng: number,
    source: NearestCityDto['source'],
  ): Promise<NearestCityDto> {
    const row = await this.repository.nearestCityWithProfessionals(lat, lng);
    if (!row)
      throw new NotFoundError('NO_CITY_WITH_PROFESSIONALS', 'Aucune ville ne compte encore de professionnel');
    return {
      cityUri: row.city_uri,
      name: row.name,
      departmentCode: row.department_code,
      departmentName: row.department_name,
      count: row.count,
      distanceKm: Math.round(row.distance_km * 10) / 10,
      source,
      fallback: source === 'fallback',
    };
  }
}
