import { Geocoder, GeocoderUnavailableError, type AddressQuery, type GeocodedPoint } from './geocoder.port';

/** Below this score the BAN's best answer is a guess (another street, another commune): the commune is kept. */
const MIN_SCORE = 0.5;
/** The BAN refuses a `q` longer than 200 characters. */
const MAX_QUERY = 200;

interface BanFeature {
  geometry?: { type?: string; coordinates?: unknown };
  properties?: { score?: unknown; type?: unknown; postcode?: unknown };
}

/**
 * The French national address base (BAN), through its public search API (api-adresse.data.gouv.fr, or a
 * self-hosted addok): `GET /search/?q=&postcode=&limit=1`, a GeoJSON FeatureCollection whose first feature is the
 * best match, `geometry.coordinates` = [longitude, latitude]. Only a house number or a street scoring MIN_SCORE
 * or more is taken; a commune-level match says nothing the directory does not know already.
 */
export class BanGeocoder extends Geocoder {
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
  ) {
    super();
  }

  async geocode(address: AddressQuery): Promise<GeocodedPoint | null> {
    const q = [address.street, address.postalCode, address.cityName]
      .filter(Boolean)
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, MAX_QUERY);
    // The BAN answers 400 to a query under 3 characters or not starting with a letter or a digit.
    if (!/^[\p{L}\p{N}]/u.test(q) || q.length < 3) return null;
    const url = new URL('search/', this.baseUrl.endsWith('/') ? this.baseUrl : `${this.baseUrl}/`);
    url.searchParams.set('q', q);
    if (address.postalCode && /^\d{5}$/.test(address.postalCode))
      url.searchParams.set('postcode', address.postalCode);
    if (address.near) {
      url.searchParams.set('lat', address.near.latitude.toFixed(5));
      url.searchParams.set('lon', address.near.longitude.toFixed(5));
    }
    url.searchParams.set('limit', '1');
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new GeocoderUnavailableError(
        timedOut
          ? `the address base did not answer within ${this.timeoutMs} ms`
          : `the address base is unreachable: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    // 429 (its rate limit) and 5xx pass: the job retries. Another 4xx is about this query: it never will.
    if (response.status === 429 || response.status >= 500) {
      await response.body?.cancel();
      throw new GeocoderUnavailableError(`the address base answered ${response.status}`);
    }
    if (!response.ok) {
      await response.body?.cancel();
      return null;
    }
    let body: { features?: BanFeature[] };
    try {
      body = (await response.json()) as { features?: BanFeature[] };
    } catch {
      throw new GeocoderUnavailableError('the address base answered something else than JSON');
    }
    return bestPoint(body.features?.[0]);
  }
}

function bestPoint(feature: BanFeature | undefined): GeocodedPoint | null {
  const coordinates = feature?.geometry?.coordinates;
  const { score, type } = feature?.properties ?? {};
  if (!Array.isArray(coordinates) || coordinates.length < 2) return null;
  const [longitude, latitude] = coordinates as unknown[];
  if (typeof longitude !== 'number' || typeof latitude !== 'number') return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  if (typeof score !== 'number' || score < MIN_SCORE) return null;
  if (type !== 'housenumber' && type !== 'street') return null;
  return { latitude, longitude, kind: type, score };
}
