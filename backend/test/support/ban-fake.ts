import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback simulation of the French national address base's search API (api-adresse.data.gouv.fr
 * `GET /search/?q=&postcode=&lat=&lon=&limit=`), for the BanGeocoder adapter. It knows no real street: it places an
 * address that reads like one (a street word: rue, avenue, place...) near the commune's centre the caller sends as
 * `lat` / `lon`, at a fixed offset drawn from a hash of the street (so the same address always lands on the same
 * point, within about 1.5 km of the centre), and answers no feature for anything else (gibberish, no commune).
 * A few addresses are known outright (KNOWN). Its answers say they are a simulation (`attribution`).
 *
 * Erasable TypeScript only: the demo and the e2e stack run it with Node's type stripping (scripts/ban-fake.mjs);
 * the backend tests import it and script failures (`failNext`).
 */
interface BanFakeRequest {
  q: string;
  postcode: string | null;
  lat: number | null;
  lon: number | null;
}

export interface BanFake {
  url: string;
  requests: BanFakeRequest[];
  /** The next `count` searches answer 500, or never answer within the caller's timeout ('timeout'). */
  failNext(count: number, how: 500 | 'timeout'): void;
  stop(): Promise<void>;
}

const STREET_WORDS =
  /\b(rue|avenue|av|boulevard|bd|place|quai|chemin|all[ée]e|impasse|route|cours|square|passage|esplanade|parvis|promenade|faubourg|villa|cit[ée]|sentier|voie|mail|rond-point|port|montée|mont[ée]e|r[ée]sidence|lotissement|hameau|lieu-dit)\b/i;

/** Addresses the simulation knows: their real points. */
const KNOWN: Array<{ match: RegExp; latitude: number; longitude: number; label: string; postcode: string }> =
  [
    {
      match: /parvis du tribunal de paris/i,
      latitude: 48.89707,
      longitude: 2.31444,
      label: 'Parvis du Tribunal de Paris 75017 Paris',
      postcode: '75017',
    },
    {
      match: /^1 place de l'h[ôo]tel de ville\b.*\b75004\b/i,
      latitude: 48.85661,
      longitude: 2.35222,
      label: "1 Place de l'Hôtel de Ville 75004 Paris",
      postcode: '75004',
    },
  ];

const BAN_FAKE_ATTRIBUTION =
  'Simulation de la BAN — aucune adresse n’est envoyée à la Base Adresse Nationale';

/** Where the simulation puts an address: the commune's centre moved by a hash of its street, up to ~1.5 km. */
export function simulatedPoint(
  street: string,
  centre: { latitude: number; longitude: number },
): { latitude: number; longitude: number } {
  const digest = createHash('sha256').update(street.toLowerCase().replace(/\s+/g, ' ').trim()).digest();
  const angle = (digest.readUInt16BE(0) / 65536) * 2 * Math.PI;
  const km = 0.3 + (digest.readUInt16BE(2) / 65536) * 1.2;
  const latitude = centre.latitude + (km * Math.sin(angle)) / 111.32;
  const longitude =
    centre.longitude + (km * Math.cos(angle)) / (111.32 * Math.cos((centre.latitude * Math.PI) / 180));
  return { latitude: Number(latitude.toFixed(6)), longitude: Number(longitude.toFixed(6)) };
}

function feature(
  point: { latitude: number; longitude: number },
  props: { label: string; score: number; type: string; postcode: string | null },
) {
  return {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [point.longitude, point.latitude] },
    properties: { ...props, x: 0, y: 0, importance: 0.5, id: 'simulation' },
  };
}

/** The answer of GET /search/ for one query. */
function answer(request: BanFakeRequest): unknown[] {
  const known = KNOWN.find((entry) => entry.match.test(request.q));
  if (known)
    return [
      feature(known, { label: known.label, score: 0.97, type: 'housenumber', postcode: known.postcode }),
    ];
  // "12 rue du Palais 29200 Brest": the street is what comes before the postal code (or the whole query).
  const street = request.q.split(/\b\d{5}\b/)[0].trim();
  if (!STREET_WORDS.test(street) || request.lat === null || request.lon === null) return [];
  const point = simulatedPoint(street, { latitude: request.lat, longitude: request.lon });
  const type = /^\d+\s*(bis|ter)?\b/i.test(street) ? 'housenumber' : 'street';
  return [feature(point, { label: request.q, score: 0.92, type, postcode: request.postcode })];
}

export async function startBanFake(port = 0): Promise<BanFake> {
  const requests: BanFakeRequest[] = [];
  const failures: Array<500 | 'timeout'> = [];
  const hanging = new Set<ServerResponse>();
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method !== 'GET' || url.pathname.replace(/\/+$/, '') !== '/search') {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 404, message: 'Not found' }));
      return;
    }
    const q = url.searchParams.get('q') ?? '';
    const number = (name: string) => {
      const value = Number.parseFloat(url.searchParams.get(name) ?? '');
      return Number.isFinite(value) ? value : null;
    };
    const request = { q, postcode: url.searchParams.get('postcode'), lat: number('lat'), lon: number('lon') };
    requests.push(request);
    const failure = failures.shift();
    if (failure === 'timeout') {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return;
    }
    if (failure === 500) {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 500, message: 'Simulated failure' }));
      return;
    }
    if (q.trim().length < 3) {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 400, detail: ['q: must contain between 3 and 200 chars'] }));
      return;
    }
    const limit = Math.max(1, Math.min(20, Number(url.searchParams.get('limit')) || 5));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        type: 'FeatureCollection',
        version: 'draft',
        features: answer(request).slice(0, limit),
        attribution: BAN_FAKE_ATTRIBUTION,
        licence: 'simulation',
        query: q,
        limit,
      }),
    );
  };
  const server: Server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    requests,
    failNext(count, how) {
      for (let i = 0; i < count; i++) failures.push(how);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.close(() => resolve());
      }),
  };
}
