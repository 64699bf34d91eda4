/**
 * Browser error tracking settings (SENTRY_BROWSER_DSN, off when unset): the DSN a browser may send to (Sentry's
 * public key, not the servers' SENTRY_DSN), with the environment and release of the servers. Read by the gateway
 * (the SPAs' index.html and Content-Security-Policy) and by the public site's server build (its root layout and
 * its pages' policy), which run in one process. An unparsable DSN is ignored: tracking stays off.
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {{ settings: { dsn: string, environment?: string, release?: string }, origin: string } | null}
 */
export function browserErrorTracking(env = process.env) {
  const dsn = env.SENTRY_BROWSER_DSN?.trim();
  if (!dsn) return null;
  let origin;
  try {
    const url = new URL(dsn);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    // The SDK's own shape of a DSN: a public key of word characters, a project id in the path.
    if (!/^\w+$/.test(url.username) || !/^\/.+/.test(url.pathname)) return null;
    origin = url.origin;
  } catch {
    return null;
  }
  const settings = { dsn };
  if (env.SENTRY_ENVIRONMENT ?? env.NODE_ENV) settings.environment = env.SENTRY_ENVIRONMENT ?? env.NODE_ENV;
  if (env.SENTRY_RELEASE) settings.release = env.SENTRY_RELEASE;
  return { settings, origin };
}

/** `<meta name="rdv-error-tracking">` with the settings, for a page's head (attribute-escaped JSON). */
export function errorTrackingMetaTag(settings) {
  const content = JSON.stringify(settings)
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;');
  return `<meta name="rdv-error-tracking" content="${content}">`;
}
