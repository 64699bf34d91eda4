import { fetchUtils, type DataProvider, type RaRecord } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import { applyRequestHeaders, uploadFile } from '@rdv/api-client';
import { reportImageUpload } from './images/upload-progress';
import { MESSAGES_FR, frenchMessageFor } from '@rdv/sectors';
import { adminApiOptions } from './api/client';
import { sector } from './sector';

export const ADMIN_API_URL = '/api/v1/admin';

/**
 * ra-data-simple-rest's generic list contract (sort / range / filter, Content-Range) on fetchJson,
 * with the headers of the console's API client (the `admin_token` as Bearer, a request id); API
 * error texts are turned into French.
 */
export async function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = applyRequestHeaders(new Headers(options.headers), adminApiOptions);
  try {
    return await fetchUtils.fetchJson(url, { ...options, headers });
  } catch (error) {
    if (error instanceof Error && 'status' in error)
      error.message = frenchErrorMessage(error as HttpErrorLike);
    throw error;
  }
}

interface HttpErrorLike {
  status: number;
  message: string;
  body?: { message?: string | string[] };
}

export const NOT_FOUND_MESSAGE = 'Élément introuvable (404)';

/**
 * The notification react-admin shows: contract texts mapped to French, the API's French
 * validation messages as they are, and French wording for the framework's generic English errors.
 */
function frenchErrorMessage(error: HttpErrorLike): string {
  const body = error.body;
  const serverMessage = Array.isArray(body?.message) ? body.message[0] : body?.message;
  const generic =
    !serverMessage ||
    /^(Not Found|Cannot \w+ |Internal Server Error|Bad Request|Forbidden|Unauthorized)/.test(serverMessage);
  if (!generic) return frenchMessageFor(serverMessage, sector);
  if (error.status === 404) return NOT_FOUND_MESSAGE;
  if (error.status === 429) return MESSAGES_FR.tooManyAttempts;
  if (error.status === 401 || error.status === 403) return 'ra.notification.logged_out';
  return MESSAGES_FR.unexpectedError;
}

/** The API names identifiers `_id` (docs/product.md §3); react-admin needs `id`. */
function withId<T extends RaRecord>(record: T): T {
  if (record && record.id === undefined && (record as { _id?: unknown })._id !== undefined) {
    return { ...record, id: (record as unknown as { _id: RaRecord['id'] })._id };
  }
  return record;
}

/**
 * Professionals: the API answers `teamId` / `isActive` but takes `team_id` / `is_active`, and it
 * refuses unknown properties (whitelist), so the form edits the written names and only the
 * editable fields are sent.
 */
const USER_WRITABLE_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'username',
  'team_id',
  'is_active',
  'indexable',
  'city_uri',
  'street',
  'postal_code',
  'fees_info',
  'accepts_legal_aid',
  'speciality_ids',
] as const;

/** Fields a blank clears (null), rather than leaving them unchanged. */
const USER_CLEARABLE_FIELDS = new Set<string>(['team_id', 'city_uri', 'street', 'postal_code', 'fees_info']);

function readUser<T extends RaRecord>(record: T): T {
  const user = record as T & {
    teamId?: string | null;
    isActive?: boolean;
    city?: { cityUri: string } | null;
    specialities?: { _id: number }[];
  };
  return {
    ...user,
    team_id: user.teamId ?? null,
    is_active: user.isActive,
    city_uri: user.city?.cityUri ?? null,
    speciality_ids: (user.specialities ?? []).map((s) => s._id),
  };
}

function writeUser(data: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of USER_WRITABLE_FIELDS) {
    const value = data[field];
    if (value === undefined) continue;
    if (USER_CLEARABLE_FIELDS.has(field))
      body[field] = value === '' || value === null ? null : typeof value === 'string' ? value.trim() : value;
    else if (value === '' || value === null) continue;
    else body[field] = typeof value === 'string' ? value.trim() : value;
  }
  return body;
}

function read<T extends RaRecord>(resource: string, record: T): T {
  const withIdentifier = withId(record);
  return resource === 'users' ? readUser(withIdentifier) : withIdentifier;
}

/** Mail templates: PUT takes exactly `{ subject, html, text }` (the API refuses `id`, `key`, `customized`). */
function writeMailTemplate(data: Record<string, unknown>): Record<string, unknown> {
  return { subject: data.subject, html: data.html, text: data.text };
}

/** Empty inputs become null (the API reads null as "not filled"). */
function blanksToNull(value: unknown): unknown {
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (Array.isArray(value)) return value;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, blanksToNull(inner)]));
  return value;
}

/** Site configuration: PUT takes the sections only (never `id`). */
function writeSiteConfig(data: Record<string, unknown>): Record<string, unknown> {
  const { id: _id, ...sections } = data;
  return blanksToNull(sections) as Record<string, unknown>;
}

/** The site configuration is one record (`current`) at /admin/site-config. */
export const SITE_CONFIG = 'site-config';

/** The issuer printed on invoices: one record at /admin/billing/company (same name as billing/records.ts COMPANY). */
const BILLING_COMPANY = 'billing/company';
const COMPANY_FIELDS = [
  'name',
  'legalForm',
  'capital',
  'siren',
  'siret',
  'rcs',
  'vatNumber',
  'street',
  'postalCode',
  'city',
  'email',
  'invoicePrefix',
] as const;

/** PUT takes exactly the company fields (the API refuses `id`); a blank prefix is left out (the API keeps "F"). */
function writeCompany(data: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of COMPANY_FIELDS) {
    const value = typeof data[field] === 'string' ? (data[field] as string).trim() : data[field];
    if (value === undefined || value === null || (field === 'invoicePrefix' && value === '')) continue;
    body[field] = value;
  }
  return body;
}

async function write(resource: string, data: Record<string, unknown>): Promise<Record<string, unknown>> {
  if (resource === 'users') return writeUser(data);
  if (resource === SITE_CONFIG) return writeSiteConfig(data);
  if (resource === BILLING_COMPANY) return writeCompany(data);
  if (resource === 'specialities')
    return { name: data.name, slug: data.slug, position: data.position, enabled: data.enabled };
  if (resource === 'mail-templates') return writeMailTemplate(data);
  if (resource === 'images') {
    const { picture: _picture, ...rest } = data;
    return rest;
  }
  return data;
}

/** The file an ImageInput holds when the administrator picked a new one (`{ rawFile, title }`). */
function pickedImage(data: Record<string, unknown>): File | undefined {
  const picture = data.picture as { rawFile?: unknown } | undefined;
  return picture?.rawFile instanceof File ? picture.rawFile : undefined;
}

/**
 * Sends an image as multipart (the API streams it: `title` and `alt` first, then the file), reporting
 * the bytes sent to the form's progress bar.
 */
async function sendImage(
  url: string,
  method: 'POST' | 'PUT',
  file: File,
  fields?: Record<string, string>,
): Promise<RaRecord> {
  reportImageUpload(0);
  try {
    return await uploadFile<RaRecord>({
      ...adminApiOptions,
      url,
      method,
      file,
      fields,
      onProgress: reportImageUpload,
    });
  } finally {
    reportImageUpload(undefined);
  }
}

/** A mail template's Handlebars sources (the fields the admin edits). */
export interface MailTemplateDraft {
  subject?: string;
  html?: string;
  text?: string;
}

/** A mail template rendered with the API's French sample values. */
export interface MailPreview {
  subject: string;
  html: string;
  text: string;
}

export interface AdminDataProvider extends DataProvider {
  /**
   * POST /admin/mail-templates/{key}/preview: renders the draft's fields (the saved ones for the
   * fields left out). Rejects like a save would (400 with `body.errors` per field) when a rule fails.
   */
  previewMailTemplate(key: string, draft: MailTemplateDraft): Promise<MailPreview>;
}

const base = simpleRestProvider(ADMIN_API_URL, httpClient);

/** ra-data-simple-rest on `/api/v1/admin` (sort / range / filter, Content-Range). */
export const dataProvider: AdminDataProvider = {
  ...base,
  getList: async (resource, params) => {
    const result = await base.getList(resource, params);
    return { ...result, data: result.data.map((record) => read(resource, record)) };
  },
  getMany: async (resource, params) => {
    const result = await base.getMany(resource, params);
    return { ...result, data: result.data.map((record) => read(resource, record)) };
  },
  getManyReference: async (resource, params) => {
    const result = await base.getManyReference(resource, params);
    return { ...result, data: result.data.map((record) => read(resource, record)) };
  },
  getOne: async (resource, params) => {
    if (resource === SITE_CONFIG || resource === BILLING_COMPANY) {
      const { json } = await httpClient(`${ADMIN_API_URL}/${resource}`);
      return { data: { ...json, id: params.id } };
    }
    const result = await base.getOne(resource, params);
    return { ...result, data: read(resource, result.data) };
  },
  create: async (resource, params) => {
    if (resource === 'images') {
      const file = pickedImage(params.data);
      if (!file) throw new Error('Choisissez une image à envoyer.');
      const fields = { title: String(params.data.title ?? ''), alt: String(params.data.alt ?? '') };
      const created = await sendImage(`${ADMIN_API_URL}/images`, 'POST', file, fields);
      return { data: read(resource, created) } as Awaited<ReturnType<DataProvider['create']>>;
    }
    const result = await base.create(resource, { ...params, data: await write(resource, params.data) });
    return { ...result, data: read(resource, result.data) };
  },
  update: async (resource, params) => {
    if (resource === SITE_CONFIG || resource === BILLING_COMPANY) {
      const { json } = await httpClient(`${ADMIN_API_URL}/${resource}`, {
        method: 'PUT',
        body: JSON.stringify(await write(resource, params.data)),
      });
      return { data: { ...json, id: params.id } };
    }
    const result = await base.update(resource, { ...params, data: await write(resource, params.data) });
    const file = resource === 'images' ? pickedImage(params.data) : undefined;
    if (file) {
      // Title and alt saved above; the new picture goes on its own route (new URLs).
      const replaced = await sendImage(
        `${ADMIN_API_URL}/images/${encodeURIComponent(String(params.id))}/file`,
        'PUT',
        file,
      );
      return { data: read(resource, replaced) } as Awaited<ReturnType<DataProvider['update']>>;
    }
    return { ...result, data: read(resource, result.data) };
  },
  previewMailTemplate: async (key, draft) => {
    const { json } = await httpClient(`${ADMIN_API_URL}/mail-templates/${encodeURIComponent(key)}/preview`, {
      method: 'POST',
      body: JSON.stringify(writeMailTemplate({ ...draft })),
    });
    return json as MailPreview;
  },
};
