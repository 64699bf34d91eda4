/**
 * docs/product.md §8: when a code chunk fails to load (usually a deployment replaced the files), the page
 * reloads, at most once per minute so a broken deployment cannot loop.
 */
export const CHUNK_RELOAD_KEY = 'rdv:chunk-reload-at';
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;

interface ReloadEnv {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  now: () => number;
  reload: () => void;
}

/** Reloads unless it already did less than a minute ago. Returns whether it reloaded. */
export function reloadAtMostOnceAMinute(env: ReloadEnv): boolean {
  const last = Number(env.storage.getItem(CHUNK_RELOAD_KEY) ?? 0);
  const now = env.now();
  if (now - last < CHUNK_RELOAD_INTERVAL_MS) return false;
  env.storage.setItem(CHUNK_RELOAD_KEY, String(now));
  env.reload();
  return true;
}

/** Messages browsers give for a module that could not be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    message,
  );
}

function browserEnv(): ReloadEnv {
  return { storage: window.sessionStorage, now: () => Date.now(), reload: () => window.location.reload() };
}

/** Vite signals failed preloads with a `vite:preloadError` event on window. */
export function installChunkReload(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadAtMostOnceAMinute(browserEnv())) event.preventDefault();
  });
}

export function reloadForChunkError(): boolean {
  try {
    return reloadAtMostOnceAMinute(browserEnv());
  } catch {
    return false; // storage unavailable (private mode): show the error page instead
  }
}
