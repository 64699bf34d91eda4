import { Injectable } from '@nestjs/common';
import type { SpecialityDto } from './reference.dto';
import { ReferenceRepository } from './reference.repository';

let cachedTimezones: string[] | undefined;

/** IANA time zone names known to the runtime's ICU data (e.g. Europe/Paris), sorted. */
export function ianaTimezones(): string[] {
  if (!cachedTimezones) {
    const names = new Set(Intl.supportedValuesOf('timeZone'));
    // Some ICU builds list only canonical names; UTC is always valid and useful.
    names.add('UTC');
    cachedTimezones = [...names].sort();
  }
  return cachedTimezones;
}

@Injectable()
export class ReferenceService {
  constructor(private readonly repository: ReferenceRepository) {}

  async specialities(): Promise<SpecialityDto[]> {
    const rows = await this.repository.listSpecialities();
    return rows.map((row) => ({ _id: row.id, slug: row.slug, name: row.name }));
  }

  /** The current slug of a renamed speciality's former slug (301 of its old URLs), or undefined. */
  currentSpecialitySlug(oldSlug: string): Promise<string | undefined> {
    return this.repository.currentSlugOf(oldSlug);
  }

  timezones(): string[] {
    return ianaTimezones();
  }
}
