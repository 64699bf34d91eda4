/**
 * The API replicas behind the gateway: API_URL is one origin or a comma-separated list
 * (`http://127.0.0.1:3001,http://127.0.0.1:3002`), taken in turn (round robin). With several, each
 * is asked `GET /api/v1/health/ready` every second: one that answers otherwise than 200 (draining
 * before a shutdown: SHUTDOWN_DRAIN_SECONDS of the API, or its database down), refuses connections, or
 * stays silent three checks in a row gets no new request until it answers 200 again; one that refuses
 * a proxied request's connection is set aside at once. When none is ready, all are
 * used (the API's own answer is better than a gateway error). API_URL is parsed by parseApiOrigins (api-proxy.js).
 */

/**
 * @param {string[]} urls
 * @param {{ checkIntervalMs?: number, timeoutMs?: number, fetch?: typeof fetch }} [options]
 */
export function createApiTargets(urls, options = {}) {
  const checkIntervalMs = options.checkIntervalMs ?? 1_000;
  const timeoutMs = options.timeoutMs ?? 1_000;
  const doFetch = options.fetch ?? fetch;
  const ready = new Map(urls.map((url) => [url, true]));
  let turn = 0;
  /** @type {NodeJS.Timeout | undefined} */
  let timer;

  /** Readiness checks in a row that got no answer in time, per target. */
  const unanswered = new Map(urls.map((url) => [url, 0]));

  async function check(url) {
    try {
      const response = await doFetch(`${url}/api/v1/health/ready`, {
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body?.cancel();
      unanswered.set(url, 0);
      ready.set(url, response.status === 200);
    } catch (error) {
      // A refused connection is a stopped replica; a slow answer is a busy one, set aside only when it
      // stays silent (three checks in a row), so that a load peak does not empty the pool.
      const timedOut =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      const silent = timedOut ? (unanswered.get(url) ?? 0) + 1 : 0;
      unanswered.set(url, silent);
      if (!timedOut || silent >= 3) ready.set(url, false);
    }
  }

  return {
    urls,
    /** The next target in turn among the ready ones (all of them when none is). */
    next() {
      const candidates = urls.filter((url) => ready.get(url));
      const pool = candidates.length > 0 ? candidates : urls;
      const target = pool[turn % pool.length];
      turn = (turn + 1) % 1_000_000;
      return target;
    },
    /** A target that refused a connection: no new request until its readiness answers 200. */
    setAside(url) {
      if (urls.length > 1 && ready.has(url)) ready.set(url, false);
    },
    isReady: (url) => ready.get(url) === true,
    /** Starts the readiness checks (only with several targets). */
    start() {
      if (urls.length < 2 || timer) return;
      timer = setInterval(() => urls.forEach((url) => void check(url)), checkIntervalMs);
      timer.unref();
      urls.forEach((url) => void check(url));
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
    checkNow: () => Promise.all(urls.map(check)),
  };
}
