import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../../common/domain-error';
import { type CityRow, DirectoryRepository, type SpecialityRow } from './directory.repository';

/** Cities and specialities are reference data: their lookups by uri / slug are kept this long. */
const REFERENCE_TTL_MS = 5 * 60_000;

/** A small time-bounded memo: positive answers only, at most `max` keys. */
export class TtlCache<V> {
  private readonly entries = new Map<string, { expires: number; value: V }>();

  constructor(
    private readonly ttlMs: number,
    private readonly max = 2_000,
  ) {}

  async get(key: string, load: () => Promise<V | undefined>): Promise<V | undefined> {
    const hit = this.peek(key);
    if (hit !== undefined) return hit;
    const value = await load();
    if (value !== undefined) this.set(key, value);
    return value;
  }

  /** The value kept for `key`, if it has not expired. */
  peek(key: string): V | undefined {
    const hit = this.entries.get(key);
    return hit && hit.expires > Date.now() ? hit.value : undefined;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { expires: Date.now() + this.ttlMs, value });
  }
}

/** The commune and speciality a listing names, or the 404 the visitor sees when it names none. */
@Injectable()
export class DirectoryLookups {
  private readonly cityByUri = new TtlCache<CityRow>(REFERENCE_TTL_MS);
  private readonly specialityBySlug = new TtlCache<SpecialityRow>(REFERENCE_TTL_MS);

  constructor(private readonly repository: DirectoryRepository) {}

  async requireCity(cityUri: string): Promise<CityRow> {
    const city = await this.cityByUri.get(cityUri, () => this.repository.findCityByUri(cityUri));
    if (!city) throw new NotFoundError('CITY_NOT_FOUND', 'Cette ville est introuvable');
    return city;
  }

  async requireSpeciality(slug: string): Promise<SpecialityRow> {
    const speciality = await this.specialityBySlug.get(slug, () =>
      this.repository.findSpecialityBySlug(slug),
    );
    if (!speciality) throw new NotFoundError('SPECIALITY_NOT_FOUND', 'Cette spécialité est introuvable');
    return speciality;
  }
}
