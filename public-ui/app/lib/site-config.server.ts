import { serverApi } from './api.server';
import type { SiteConfig } from './site-config';

/**
 * GET /site-config, uncached (the legal pages show an admin's save at once). A failure is logged
 * and gives null: the page still renders, with its placeholders.
 */
export async function loadSiteConfig(): Promise<SiteConfig | null> {
  try {
    const { data, response } = await serverApi({ timeoutMs: 2_000 }).GET('/api/v1/site-config');
    if (!response.ok || !data) throw new Error(`HTTP ${response.status}`);
    return data;
  } catch (error) {
    console.error(
      `[public-ui] GET site-config failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    return null;
  }
}
