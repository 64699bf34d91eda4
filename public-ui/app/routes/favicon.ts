import { currentSector } from '../lib/config.server';

/** The logo mark in the sector colour, so each sector's favicon matches its theme. */
export function loader() {
  const { primaryColor, primaryColorDark } = currentSector();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect x="2" y="5" width="28" height="25" rx="6" fill="${primaryColor}"/><rect x="8" y="1" width="3" height="8" rx="1.5" fill="${primaryColorDark}"/><rect x="21" y="1" width="3" height="8" rx="1.5" fill="${primaryColorDark}"/><path d="M10 18.5l4 4 8-8.5" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/></svg>`;
  return new Response(svg, {
    headers: { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' },
  });
}
