/** An address to place: the street line as typed, with its commune. */
export interface AddressQuery {
  street: string;
  postalCode: string | null;
  cityName: string;
  /** The commune's centre: a hint the geocoder ranks answers around (BAN's lat / lon). */
  near: { latitude: number; longitude: number } | null;
}

/** A point the geocoder vouches for at the street or the house number. */
export interface GeocodedPoint {
  latitude: number;
  longitude: number;
  /** What the answer matched: a house number, or only the street. */
  kind: 'housenumber' | 'street';
  /** The geocoder's confidence, 0 to 1. */
  score: number;
}

/**
 * The geocoder port: the production adapter is the French national address base (BanGeocoder); the tests and
 * the demo point the same adapter at a loopback simulation of it. Answers `null` when the address is unknown or
 * only vaguely matched (the caller then keeps the commune's centre); throws GeocoderUnavailableError when the
 * service did not answer (timeout, 5xx, network): the job retries later.
 */
export abstract class Geocoder {
  abstract geocode(address: AddressQuery): Promise<GeocodedPoint | null>;
}

export class GeocoderUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GeocoderUnavailableError';
  }
}
