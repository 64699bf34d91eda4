import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type ServerSideEncryption,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { FileStorage, type StoredFile } from './file-storage';

/** What an S3 client needs, read from the S3_* variables (env.schema.ts). */
export interface S3Settings {
  /** S3_ENDPOINT: unset means AWS itself (the region picks the host). */
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
  /** S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: unset means the SDK's default chain (pod identity, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
}

/** @public loaded lazily by file-storage-factory.ts (require), which dead-code tools do not follow. */
export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // The SDK's default (since 2025) adds CRC32 trailing checksums to every upload, which several
    // S3-compatible stores reject; the Content-MD5-free SigV4 payload hash already covers integrity.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A black-holed endpoint fails in 5 s instead of the OS timeout, and a store that accepts the
    // connection but never answers fails after 30 s (the SDK only warns unless told to throw). The
    // timer stops at the response headers: a download streaming to a slow client is not cut.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000, throwOnRequestTimeout: true },
  });
}

export interface S3FileStorageOptions {
  client: S3Client;
  bucket: string;
  /** This feature's key prefix ("media/", "documents/"): every key is prefix + a name matching `namePattern`. */
  keyPrefix: string;
  namePattern: RegExp;
  /** Asked on every upload (S3_SERVER_SIDE_ENCRYPTION); undefined leaves it to the bucket's default. */
  serverSideEncryption?: ServerSideEncryption;
  /** Names the endpoint in boot errors (S3_ENDPOINT, or AWS when unset). */
  endpointLabel: string;
}

/**
 * S3-compatible adapter of the storage port (AWS S3, MinIO, Scaleway, OVH, Ceph RGW...): one bucket,
 * one key prefix per feature. Names are checked against the feature's pattern (flat, no slash), so
 * a key is always `keyPrefix + name` and a feature never reaches another's objects. Objects are
 * written without any ACL, so they stay private to the bucket owner; the API streams them itself
 * (media with a public cache header, documents only through signed links), so the bucket never
 * needs to be public.
 * @public loaded lazily by file-storage-factory.ts (require).
 */
export class S3FileStorage extends FileStorage {
  constructor(private readonly options: S3FileStorageOptions) {
    super();
  }

  /**
   * Boot check, like the local disk's writable test: the bucket answers with these credentials, and
   * an object can be written (with the encryption asked) and removed under this feature's prefix.
   * The process refuses to start otherwise, naming the variable to fix.
   */
  override async onModuleInit(): Promise<void> {
    const { client, bucket, keyPrefix } = this.options;
    try {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    } catch (error) {
      throw new Error(`Invalid environment: ${this.explainBucketError(error)}`, { cause: error });
    }
    // A random probe key outside every feature's name pattern: replicas booting together never
    // collide, and no request can ever name it.
    const probe = `${keyPrefix}.write-check-${randomBytes(6).toString('hex')}`;
    try {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: probe,
          Body: Buffer.alloc(0),
          ServerSideEncryption: this.options.serverSideEncryption,
        }),
      );
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: probe }));
    } catch (error) {
      throw new Error(
        `Invalid environment: S3_BUCKET ${bucket} is not writable under ${keyPrefix} (${describe(error)}); ` +
          'the credentials need s3:PutObject and s3:DeleteObject, and the store must accept S3_SERVER_SIDE_ENCRYPTION',
        { cause: error },
      );
    }
  }

  override onModuleDestroy(): void {
    this.options.client.destroy();
  }

  async put(name: string, bytes: Buffer): Promise<void> {
    const key = this.keyOf(name);
    // Content-addressed names: an existing object already holds these bytes, so skip the upload.
    if (await this.exists(key)) return;
    try {
      await this.options.client.send(
        new PutObjectCommand({
          Bucket: this.options.bucket,
          Key: key,
          Body: bytes,
          ContentLength: bytes.length,
          // Two replicas writing the same name at once: the store keeps the first (AWS, MinIO, R2);
          // a store ignoring the header overwrites with the same bytes, which is harmless.
          IfNoneMatch: '*',
          ServerSideEncryption: this.options.serverSideEncryption,
        }),
      );
    } catch (error) {
      const status = statusOf(error);
      if (status === 412 || status === 409) return; // already written by a concurrent put
      throw error;
    }
  }

  /**
   * A multipart upload fed by the stream, one 5 MiB part in flight at a time (S3's smallest part size):
   * the API holds about two parts whatever the file's size. When the stream fails the SDK aborts the
   * multipart upload, so the store keeps no object and no orphan parts.
   */
  async putStream(name: string, stream: Readable): Promise<void> {
    const upload = new Upload({
      client: this.options.client,
      queueSize: 1,
      partSize: 5 * 1024 * 1024,
      leavePartsOnError: false,
      params: {
        Bucket: this.options.bucket,
        Key: this.keyOf(name),
        Body: stream,
        ServerSideEncryption: this.options.serverSideEncryption,
      },
    });
    let failure: unknown;
    const onError = (error: unknown) => {
      failure = error;
      void upload.abort();
    };
    stream.once('error', onError);
    try {
      await upload.done();
    } catch (error) {
      throw failure ?? error;
    } finally {
      stream.off('error', onError);
    }
    // A stream destroyed with an error can look "ended" to the SDK: never keep what it stored then.
    if (failure) {
      await this.remove(name);
      throw failure;
    }
  }

  async open(name: string): Promise<StoredFile | undefined> {
    if (!this.options.namePattern.test(name)) return undefined;
    try {
      const object = await this.options.client.send(
        new GetObjectCommand({ Bucket: this.options.bucket, Key: this.options.keyPrefix + name }),
      );
      // In Node the body is the HTTP response itself (an IncomingMessage), a Readable.
      return { stream: object.Body as Readable, size: Number(object.ContentLength) };
    } catch (error) {
      if (statusOf(error) === 404) return undefined;
      throw error;
    }
  }

  async remove(name: string): Promise<void> {
    // DeleteObject answers 204 for a missing key too: removing twice is not an error.
    await this.options.client.send(
      new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.keyOf(name) }),
    );
  }

  private async exists(key: string): Promise<boolean> {
    try {
      await this.options.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: key }));
      return true;
    } catch (error) {
      if (statusOf(error) === 404) return false;
      throw error;
    }
  }

  /** Only well-formed names map to a key, always under this feature's prefix. */
  private keyOf(name: string): string {
    if (!this.options.namePattern.test(name))
      throw new Error(`Invalid stored file name: ${JSON.stringify(name)}`);
    return this.options.keyPrefix + name;
  }

  private explainBucketError(error: unknown): string {
    const { bucket, endpointLabel } = this.options;
    const status = statusOf(error);
    if (status === undefined) return `S3_ENDPOINT ${endpointLabel} is unreachable (${describe(error)})`;
    if (status === 404) return `S3_BUCKET ${bucket} does not exist at ${endpointLabel}`;
    if (status === 301 || status === 400)
      return `S3_REGION does not match the region of bucket ${bucket} (${describe(error)})`;
    if (status === 401 || status === 403)
      return `S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY are refused by ${endpointLabel} for bucket ${bucket} (HTTP ${status})`;
    return `S3_BUCKET ${bucket} at ${endpointLabel} answered HTTP ${status} (${describe(error)})`;
  }
}

/** The HTTP status of an SDK error, or undefined when no response came back (network error). */
function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
}

function describe(error: unknown): string {
  const { name, code, message } = error as { name?: string; code?: string; message?: string };
  return [code ?? name, message].filter(Boolean).join(': ') || String(error);
}
