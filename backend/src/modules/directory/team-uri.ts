import { normalizeForSearch } from './directory.service';

/**
 * The address of a new office's page (/etude/{teamUri}) from its name: "cabinet-martin", then
 * "cabinet-martin-2"... while `taken` says the address is used (offices created by professionals and
 * by administrators share them).
 */
export async function freeTeamUri(
  name: string,
  taken: (teamUri: string) => Promise<boolean>,
): Promise<string> {
  const base = normalizeForSearch(name).slice(0, 100) || 'cabinet';
  for (let n = 1; n < 50; n += 1) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await taken(candidate))) return candidate;
  }
  return `${base}-${Date.now().toString(36)}`;
}
