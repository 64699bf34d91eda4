import { slugify } from '@rdv/sectors';

export { slugify };

export interface CommuneForUri {
  inseeCode: string;
  name: string;
  departmentCode: string;
}

/**
 * Stable, unique `cityUri` per commune (keyed by INSEE code):
 * - the slug of the name when no other commune has the same slug (`lyon`);
 * - `<slug>-<department code>` when several communes share it (`saint-denis-93`, `saint-denis-974`);
 * - `<slug>-<insee code>` when the name is still ambiguous inside one department.
 * The result depends only on the data set, not on input order.
 */
export function buildCityUris(communes: CommuneForUri[]): Map<string, string> {
  const bySlug = new Map<string, CommuneForUri[]>();
  for (const commune of communes) {
    const slug = slugify(commune.name);
    const group = bySlug.get(slug);
    if (group) group.push(commune);
    else bySlug.set(slug, [commune]);
  }
  const uris = new Map<string, string>();
  for (const [slug, group] of bySlug) {
    if (group.length === 1) {
      uris.set(group[0].inseeCode, slug);
      continue;
    }
    const perDepartment = new Map<string, number>();
    for (const commune of group)
      perDepartment.set(commune.departmentCode, (perDepartment.get(commune.departmentCode) ?? 0) + 1);
    for (const commune of group) {
      const suffix =
        perDepartment.get(commune.departmentCode) === 1 ? commune.departmentCode : commune.inseeCode;
      uris.set(commune.inseeCode, `${slug}-${suffix.toLowerCase()}`);
    }
  }
  const seen = new Set<string>();
  for (const uri of uris.values()) {
    if (seen.has(uri)) throw new Error(`cityUri collision: ${uri}`);
    seen.add(uri);
  }
  return uris;
}
