export type { components, operations, paths } from './schema.js';
export { ApiError, NETWORK_FAILURE_STATUS, type ApiErrorBody } from './errors.js';
export {
  applyRequestHeaders,
  createApiClient,
  newRequestId,
  REQUEST_ID_HEADER,
  unwrap,
  type ApiClient,
  type ApiClientOptions,
  type CallResult,
} from './client.js';
import type { components } from './schema.js';

/** The API's DTOs by name: `Schemas['AppointmentDto']`. */
export type Schemas = components['schemas'];
export { fetchCallUrl, readFetchCall, type FetchCall } from './testing.js';
export { MAX_RETURN_PATH_LENGTH, safeReturnPath, type ReturnPathOptions } from './return-path.js';
export { HOSTILE_RETURN_PATHS } from './return-path-cases.js';
export {
  ERROR_TRACKING_META,
  readErrorTrackingSettings,
  reportBrowserError,
  scrubErrorEvent,
  startBrowserErrorTracking,
  type ErrorTrackingSettings,
} from './error-tracking.js';
export { uploadFile, UPLOAD_FILE_FIELD, type UploadOptions } from './upload.js';
