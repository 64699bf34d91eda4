import { fetchUtils, type DataProvider, type RaRecord } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import { frenchMessageFor } from '@rdv/sectors';
import { getAdminToken } from './auth/token';

export const ADMIN_API_URL = '/api/v1/admin';

/** fetchJson with the `admin_token` as Bearer; API error texts are turned into French. */
export async function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  const token = getAdminToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  try {
    return await fetchUtils.fetchJson(url, { ...options, headers });
  } catch (error) {
    if (error instanceof Error && 'status' in error) {
      const body = (error as { body?: { message?: string | string[] } }).body;
      const serverMessage = Array.isArray(body?.message) ? body.message[0] : body?.message;
      if (serverMessage) error.message = frenchMessageFor(serverMessage);
    }
    throw error;
  }
}

/** The API names identifiers `_id` (spec §3); react-admin needs `id`. */
function withId<T extends RaRecord>(record: T): T {
  if (record && record.id === undefined && (record as { _id?: unknown })._id !== undefined) {
    return { ...record, id: (record as unknown as { _id: RaRecord['id'] })._id };
  }
  return record;
}

function fileToDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** An ImageInput value `{ rawFile, title }` becomes `{ data: <data URL>, filename }` in the JSON body. */
async function encodeImage<T extends Record<string, unknown>>(data: T): Promise<T> {
  const picture = data.picture as { rawFile?: unknown; title?: string } | undefined;
  if (!picture || !(picture.rawFile instanceof File)) return data;
  const { picture: _picture, ...rest } = data;
  return { ...rest, file: { data: await fileToDataUrl(picture.rawFile), filename: picture.rawFile.name } } as unknown as T;
}

const base = simpleRestProvider(ADMIN_API_URL, httpClient);

/** ra-data-simple-rest on `/api/v1/admin` (sort / range / filter, Content-Range). */
export const dataProvider: DataProvider = {
  ...base,
  getList: async (resource, params) => {
    const result = await base.getList(resource, params);
    return { ...result, data: result.data.map(withId) };
  },
  getMany: async (resource, params) => {
    const result = await base.getMany(resource, params);
    return { ...result, data: result.data.map(withId) };
  },
  getManyReference: async (resource, params) => {
    const result = await base.getManyReference(resource, params);
    return { ...result, data: result.data.map(withId) };
  },
  getOne: async (resource, params) => {
    const result = await base.getOne(resource, params);
    return { ...result, data: withId(result.data) };
  },
  create: async (resource, params) => {
    const data = resource === 'images' ? await encodeImage(params.data) : params.data;
    const result = await base.create(resource, { ...params, data });
    return { ...result, data: withId(result.data) };
  },
  update: async (resource, params) => {
    const data = resource === 'images' ? await encodeImage(params.data) : params.data;
    const result = await base.update(resource, { ...params, data });
    return { ...result, data: withId(result.data) };
  },
};
