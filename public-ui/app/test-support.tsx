import { getSector } from '@rdv/sectors';
import type { RootData } from './lib/root-data';

/** Root loader data as the server sends it, for tests. */
export function rootData(sectorKey?: string): RootData {
  return { sector: getSector(sectorKey), publicUrl: 'https://rdv.example' };
}
