import { getSector } from '@rdv/sectors';
import type { RootLoaderData } from './lib/root-data';

/** Root loader data as the server sends it, for tests. */
export function rootData(sectorKey?: string): RootLoaderData {
  return { sectorKey: getSector(sectorKey).key, publicUrl: 'https://rdv.example' };
}
