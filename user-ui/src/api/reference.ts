import type { Schemas } from '@rdv/api-client';
import { api, unwrap } from './client';

export type CitySuggestion = Schemas['CitySuggestionDto'];
export type Speciality = Schemas['SpecialityDto'];

/** Reference data the profile form offers: communes as the professional types, the sector's specialities. */
export const referenceApi = {
  cities: (q: string, signal?: AbortSignal) =>
    unwrap(api.GET('/api/v1/cities/autocomplete', { params: { query: { q } }, signal })),
  specialities: (signal?: AbortSignal) => unwrap(api.GET('/api/v1/specialities', { signal })),
};
