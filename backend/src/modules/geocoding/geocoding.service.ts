import { Injectable, Logger } from '@nestjs/common';
import type { DbOrTx } from '../../database/database.types';
import { QUEUES } from '../../queue/queue.constants';
import { OutboxService } from '../outbox';
import { Geocoder } from './geocoder.port';
import { type AddressRow, GeocodingRepository } from './geocoding.repository';

export const GEOCODE_PRACTICE_JOB = 'geocode.practice';
export const GEOCODE_OFFICE_JOB = 'geocode.office';

/** Whose address to place: a professional's practice or an office. */
export type GeocodingTarget = { userId: string } | { teamId: string };

/**
 * Saving an address asks for it to be placed: in the saving transaction the row goes back to its commune's centre
 * ("≈" on the cards) and a job is written to the outbox; the worker then asks the geocoder. Saving never waits on
 * the geocoder nor fails because of it.
 */
@Injectable()
export class GeocodingRequests {
  constructor(
    private readonly repository: GeocodingRepository,
    private readonly outbox: OutboxService,
  ) {}

  async request(tx: DbOrTx, target: GeocodingTarget): Promise<void> {
    if ('userId' in target) {
      await this.repository.placeUserByCommune(tx, target.userId);
      await this.outbox.enqueue(tx, {
        queue: QUEUES.geocoding,
        jobName: GEOCODE_PRACTICE_JOB,
        payload: { userId: target.userId },
      });
    } else {
      await this.repository.placeOfficeByCommune(tx, target.teamId);
      await this.outbox.enqueue(tx, {
        queue: QUEUES.geocoding,
        jobName: GEOCODE_OFFICE_JOB,
        payload: { teamId: target.teamId },
      });
    }
  }
}

export type GeocodingOutcome = 'address' | 'commune' | 'gone' | 'changed';

/** The worker's side: asks the geocoder for a saved address and places the row. */
@Injectable()
export class GeocodingJobs {
  private readonly logger = new Logger(GeocodingJobs.name);

  constructor(
    private readonly repository: GeocodingRepository,
    private readonly geocoder: Geocoder,
  ) {}

  /**
   * A professional's own address; without one they stay where `request` put them (their office's point or their
   * commune's centre). Throws GeocoderUnavailableError for a retry.
   */
  async placePractice(userId: string): Promise<GeocodingOutcome> {
    const address = await this.repository.userAddress(userId);
    if (!address) return 'gone';
    if (!address.street?.trim()) return 'commune';
    const point = await this.geocoder.geocode(queryOf(address));
    if (!point) {
      await this.repository.markUserAsked(userId, address);
      return 'commune';
    }
    return (await this.repository.placeUserAt(userId, address, point)) ? 'address' : 'changed';
  }

  async placeOffice(teamId: string): Promise<GeocodingOutcome> {
    const address = await this.repository.officeAddress(teamId);
    if (!address) return 'gone';
    if (!address.street?.trim()) return 'commune';
    const point = await this.geocoder.geocode(queryOf(address));
    if (!point) {
      await this.repository.markOfficeAsked(teamId, address);
      this.logger.log({ teamId }, 'office address not found by the geocoder: kept at its commune');
      return 'commune';
    }
    return (await this.repository.placeOfficeAt(teamId, address, point)) ? 'address' : 'changed';
  }
}

function queryOf(address: AddressRow) {
  return {
    street: address.street!.trim(),
    postalCode: address.postal_code,
    cityName: address.city_name ?? '',
    near:
      address.city_latitude !== null && address.city_longitude !== null
        ? { latitude: address.city_latitude, longitude: address.city_longitude }
        : null,
  };
}
