/**
 * Where a sector's build of the public site lives: `build/` for lawyers (the default), `build-notary/`,
 * `build-bailiff/`, `build-groomer/` for the others. Route words are fixed at build time, so each sector
 * has its own build; side by side, CI can test a variant without replacing the lawyers' build.
 * Used by react-router.config.ts (where to write) and server/index.js (what to serve).
 * @param {import('@rdv/sectors').SectorKey} sectorKey
 * @returns {string} directory name, relative to public-ui/
 */
export function buildDirectoryFor(sectorKey) {
  return sectorKey === 'lawyer' ? 'build' : `build-${sectorKey}`;
}
