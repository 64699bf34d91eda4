import { randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { DomainError } from '../../common/domain-error';

/**
 * Limits of a folder's documents: per file, per folder in count and in total size. 25 MiB per file: a
 * scanned contract or a phone's photo of a long judgment; uploads stream (document-upload.ts), so the
 * limit costs no memory. clamd must accept as much (its StreamMaxLength, 25M by default: docs/deployment.md).
 */
export const DOCUMENT_MAX_BYTES = 25 * 1024 * 1024;
export const FOLDER_MAX_DOCUMENTS = 30;
export const FOLDER_MAX_BYTES = 100 * 1024 * 1024;
/** Body limit of the upload routes: the file plus the multipart envelope around it. */
export const DOCUMENT_BODY_LIMIT = DOCUMENT_MAX_BYTES + 64 * 1024;

/**
 * Accepted types, as detected from the bytes (never from the name or the declared type): PDF, images,
 * office documents (OOXML and OpenDocument). Legacy binary Office files (.doc/.xls) are refused: their
 * container (CFB) cannot be told apart from other OLE files by content.
 */
const ACCEPTED: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/vnd.oasis.opendocument.presentation': 'odp',
};

export const documentInvalidData = () =>
  new DomainError('DOCUMENT_INVALID_DATA', 'Le fichier envoyé est vide ou illisible.', 400);
export const documentTooLarge = () =>
  new DomainError(
    'DOCUMENT_TOO_LARGE',
    `Le fichier dépasse la taille maximale de ${DOCUMENT_MAX_BYTES / (1024 * 1024)} Mo.`,
    413,
  );
/** The size limit of document uploads, with its refusal (`@FileUpload`). */
export const DOCUMENT_UPLOAD = { maxBytes: DOCUMENT_MAX_BYTES, tooLarge: documentTooLarge };
export const documentUnsupportedType = () =>
  new DomainError(
    'DOCUMENT_UNSUPPORTED_TYPE',
    'Format non accepté : envoyez un PDF, une image (JPEG, PNG, WebP, HEIC) ou un document Office / OpenDocument.',
    400,
  );
export const folderFull = () =>
  new DomainError(
    'FOLDER_DOCUMENTS_LIMIT',
    `Ce dossier a atteint sa limite : ${FOLDER_MAX_DOCUMENTS} documents et ${FOLDER_MAX_BYTES / (1024 * 1024)} Mo au total.`,
    400,
  );
export const documentInfected = () =>
  new DomainError(
    'DOCUMENT_INFECTED',
    'Le fichier a été refusé par l’antivirus : il contient un virus ou un contenu malveillant.',
    400,
  );
export const antivirusUnavailable = () =>
  new DomainError(
    'ANTIVIRUS_UNAVAILABLE',
    'L’analyse antivirus est momentanément indisponible : réessayez dans quelques minutes.',
    503,
  );

/** The type detected from the bytes, when it is one we accept. */
export async function detectDocumentType(bytes: Buffer): Promise<{ mime: string; ext: string }> {
  const detected = await fileTypeFromBuffer(bytes);
  const ext = detected ? ACCEPTED[detected.mime] : undefined;
  if (!detected || !ext) throw documentUnsupportedType();
  return { mime: detected.mime, ext };
}

/** Random storage name: 32 hex characters and the extension of the detected type. */
export const DOCUMENT_STORAGE_NAME = /^[0-9a-f]{32}\.(?:pdf|jpg|png|webp|heic|docx|xlsx|pptx|odt|ods|odp)$/;

export function newStorageName(ext: string): string {
  return `${randomBytes(16).toString('hex')}.${ext}`;
}

/** Download name, generated: `document-2026-11-23-<6 hex>.pdf`. */
export function downloadName(ext: string, at: Date): string {
  return `document-${at.toISOString().slice(0, 10)}-${randomBytes(3).toString('hex')}.${ext}`;
}

/**
 * The uploader's name reduced to a display label: last path segment only, no control or bidi
 * characters, no extension, 80 characters at most; "Document" when nothing is left.
 */
export function documentLabel(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .replace(/^\.+/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80)
    .trim();
  return cleaned || 'Document';
}
