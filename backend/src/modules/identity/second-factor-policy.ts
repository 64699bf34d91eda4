import { SetMetadata } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import type { Database } from '../../database/database.types';
import { siteConfig } from '../../database/schema';

/**
 * The site setting "administrators must use a second factor", a row of the site configuration table
 * (`admin_second_factor_required`: true | false). Unset, it follows NODE_ENV: required in production,
 * not in development and tests (the demo and the tests switch it on and off from the console or the API).
 */
export const ADMIN_SECOND_FACTOR_SETTING = 'admin_second_factor_required';

/** Routes an administrator may call before having a second factor: sign-in state, logout, enrolment. */
export const ALLOW_WITHOUT_SECOND_FACTOR = 'rdv:allowWithoutSecondFactor';
export const AllowWithoutSecondFactor = () => SetMetadata(ALLOW_WITHOUT_SECOND_FACTOR, true);

/** Read on every console call: a few seconds of cache, dropped at once by a change made in this process. */
const CACHE_MS = 5_000;
let cached: { value: boolean | null; until: number } | undefined;

export class SecondFactorPolicy {
  constructor(
    private readonly db: Database,
    private readonly productionDefault: boolean,
  ) {}

  async adminRequired(now = Date.now()): Promise<boolean> {
    if (!cached || cached.until < now) {
      const rows = await this.db
        .select({ value: siteConfig.value })
        .from(siteConfig)
        .where(eq(siteConfig.key, ADMIN_SECOND_FACTOR_SETTING));
      const value = rows[0]?.value;
      cached = { value: typeof value === 'boolean' ? value : null, until: now + CACHE_MS };
    }
    return cached.value ?? this.productionDefault;
  }

  async setAdminRequired(required: boolean): Promise<void> {
    await this.db
      .insert(siteConfig)
      .values({ key: ADMIN_SECOND_FACTOR_SETTING, value: required })
      .onConflictDoUpdate({ target: siteConfig.key, set: { value: required } });
    cached = undefined;
  }
}
