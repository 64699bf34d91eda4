// Public surface of the directory module: other modules import from '../directory' only (eslint enforces it).
// The public directory: search, profiles, offices.
export { normalizeForSearch } from './directory.service';
export { freeTeamUri } from './team-uri';
