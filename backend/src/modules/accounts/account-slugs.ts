import { Injectable } from '@nestjs/common';
import { AccountsRepository } from './accounts.repository';

/** "Élodie de La Tour" -> "elodie-de-la-tour" */
export function slugify(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/œ/gi, 'oe')
    .replace(/æ/gi, 'ae')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}

/** Free login names and profile addresses for a new professional, derived from their name. */
@Injectable()
export class AccountSlugs {
  constructor(private readonly repository: AccountsRepository) {}

  async uniqueUsername(base: string): Promise<string> {
    const slug = slugify(base).replace(/-/g, '.').slice(0, 56) || 'avocat';
    const root = slug.length >= 3 ? slug : `${slug}.pro`;
    for (let n = 1; n < 100; n += 1) {
      const candidate = n === 1 ? root : `${root}.${n}`;
      if (!(await this.repository.usernameTaken(candidate))) return candidate;
    }
    return `${root}.${Date.now().toString(36)}`;
  }

  async uniqueUserUri(base: string): Promise<string> {
    const root = slugify(base) || 'professionnel';
    for (let n = 1; n < 100; n += 1) {
      const candidate = n === 1 ? root : `${root}-${n}`;
      if (!(await this.repository.userUriTaken(candidate))) return candidate;
    }
    return `${root}-${Date.now().toString(36)}`;
  }
}
