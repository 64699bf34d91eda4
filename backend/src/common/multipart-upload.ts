import { Transform, type Readable, type TransformCallback } from 'node:stream';
import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { ApiBody, ApiConsumes } from '@nestjs/swagger';
import { applyDecorators } from '@nestjs/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from './domain-error';
import { createValidationPipe } from './validation';

/**
 * Uploads arrive as `multipart/form-data` with one file part, read as a stream: the file never sits
 * whole in the API's memory unless a feature asks for its bytes (images, which sharp decodes whole and
 * which are capped at a few MB). Each route names its own size limit; the stream fails with the
 * feature's French 413 as soon as one byte too many arrives, and the rest of the request is read and
 * thrown away before the answer so a browser or the web gateway gets the answer, not a reset socket.
 */

/** The file part of an upload, as a stream of at most the route's limit. */
export interface UploadedFile {
  stream: Readable;
  /** The name the browser gave (informative only: never used to name or type the stored file). */
  filename: string;
  /** The text fields sent before the file part (a form's other inputs). */
  fields: Record<string, string>;
}

/** An upload route's limit and its refusal when the file is larger. */
export interface UploadLimits {
  maxBytes: number;
  tooLarge: () => DomainError;
}

/** Handed to the services by `@FileUpload(limits)`: reading starts when they ask for it. */
export interface FileUpload {
  /** Runs `work` on the file's stream; on any failure the rest of the request is discarded first. */
  open<T>(work: (file: UploadedFile) => Promise<T>): Promise<T>;
  /** The whole file in memory (small files only: images). */
  bytes(): Promise<{ bytes: Buffer; filename: string; fields: Record<string, string> }>;
}

/** The form field the UIs put the file in (any single file part is accepted). */
const UPLOAD_FIELD = 'file';

/** How long the rest of a refused upload is read before the connection is cut instead. */
const DISCARD_TIMEOUT_MS = 15_000;

const notMultipart = () =>
  new DomainError(
    'UPLOAD_NOT_MULTIPART',
    'Envoyez le fichier en multipart/form-data, dans le champ « file ».',
    415,
  );
const uploadFileMissing = () =>
  new DomainError(
    'UPLOAD_FILE_MISSING',
    'Aucun fichier reçu : joignez le fichier dans le champ « file ».',
    400,
  );
const uploadMalformed = () =>
  new DomainError('UPLOAD_MALFORMED', 'L’envoi du fichier est incomplet ou mal formé : réessayez.', 400);

/** Registers the multipart parser once (bootstrap.ts); limits are given per route by `@FileUpload`. */
export async function registerMultipart(fastify: FastifyInstance): Promise<void> {
  await fastify.register(fastifyMultipart, {
    // One file and a few small fields at most: anything else is not one of our forms.
    limits: { files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 20 },
    // The size is enforced by ByteLimit below, with the feature's own French message.
    throwFileSizeLimit: false,
  });
}

/** Counts bytes through; fails with `tooLarge()` past `maxBytes`. */
class ByteLimit extends Transform {
  bytes = 0;

  constructor(private readonly limits: UploadLimits) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.limits.maxBytes) callback(this.limits.tooLarge());
    else callback(null, chunk);
  }
}

class MultipartUpload implements FileUpload {
  constructor(
    private readonly request: FastifyRequest,
    private readonly limits: UploadLimits,
  ) {}

  async open<T>(work: (file: UploadedFile) => Promise<T>): Promise<T> {
    const request = this.request;
    if (typeof request.isMultipart !== 'function' || !request.isMultipart()) throw notMultipart();
    let part;
    try {
      // One byte over the limit reaches ByteLimit, which refuses; busboy drops the rest.
      part = await request.file({ limits: { fileSize: this.limits.maxBytes + 1 } });
    } catch {
      await this.discardRest();
      throw uploadMalformed();
    }
    if (!part) throw uploadFileMissing();
    const source = part.file;
    const limited = new ByteLimit(this.limits);
    source.on('error', (error) => limited.destroy(error));
    source.pipe(limited);
    try {
      const result = await work({
        stream: limited,
        filename: part.filename ?? '',
        fields: textFields(part.fields),
      });
      // busboy "truncated" without more bytes to count (cannot happen with fileSize = max + 1, kept as a guard)
      if (source.truncated) throw this.limits.tooLarge();
      return result;
    } catch (error) {
      source.unpipe(limited);
      source.resume();
      await this.discardRest();
      // A part cut short (client gone, malformed body) is the client's error, not a 500.
      if (!(error instanceof DomainError) && /terminated early|Unexpected end/i.test(String(error)))
        throw uploadMalformed();
      throw error;
    }
  }

  async bytes(): Promise<{ bytes: Buffer; filename: string; fields: Record<string, string> }> {
    return this.open(async ({ stream, filename, fields }) => {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return { bytes: Buffer.concat(chunks), filename, fields };
    });
  }

  /** Reads the rest of the request and throws it away (bounded in time), so the answer is delivered. */
  private async discardRest(): Promise<void> {
    const raw = this.request.raw;
    if (raw.readableEnded || raw.destroyed) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        raw.destroy();
        resolve();
      }, DISCARD_TIMEOUT_MS);
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      raw.once('end', done);
      raw.once('close', done);
      raw.once('error', done);
      raw.resume();
    });
  }
}

/** The text fields of the parts before the file (the file part itself and repeated names excluded). */
function textFields(parts: MultipartFile['fields']): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(parts)) {
    if (value && !Array.isArray(value) && value.type === 'field' && typeof value.value === 'string')
      fields[name] = value.value;
  }
  return fields;
}

/**
 * A multipart form's text fields checked like a JSON body: the same DTO, the same global pipe (French
 * messages, unknown fields refused).
 */
export async function validateFields<T extends object>(
  dto: new () => T,
  fields: Record<string, string>,
): Promise<T> {
  return (await createValidationPipe().transform(fields, { type: 'body', metatype: dto })) as T;
}

/**
 * Handler parameter: the route's upload, read when the service asks (after the guards, so a refused
 * caller costs no reading). `limits` are the feature's own.
 */
export const FileUpload = createParamDecorator(
  (limits: UploadLimits, context: ExecutionContext): FileUpload =>
    new MultipartUpload(context.switchToHttp().getRequest<FastifyRequest>(), limits),
);

/** OpenAPI: a multipart body with one binary `file` field. */
export const ApiFileUpload = (description: string) =>
  applyDecorators(
    ApiConsumes('multipart/form-data'),
    ApiBody({
      description,
      schema: {
        type: 'object',
        required: [UPLOAD_FIELD],
        properties: { [UPLOAD_FIELD]: { type: 'string', format: 'binary' } },
      },
    }),
  );
