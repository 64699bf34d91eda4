import { PassThrough, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileStorage } from '../../common/file-storage';
import type { UploadedFile } from '../../common/multipart-upload';
import { DomainError } from '../../common/domain-error';
import {
  antivirusUnavailable,
  detectDocumentType,
  documentInvalidData,
  newStorageName,
} from './folder-documents';
import type { ScanSession, VirusScanner } from './virus-scanner';

/**
 * How much of the start of a document is kept to read its type: PDF and images announce it in their
 * first bytes, office documents (zip) in the first entries of the archive. The rest of the file is
 * never held: it streams to the antivirus and to the storage at once.
 */
const SNIFF_BYTES = 1024 * 1024;

export type DocumentType = { mime: string; ext: string };

/** The antivirus found something: the stored bytes were removed, the caller records and refuses. */
export class InfectedUpload extends Error {
  constructor(readonly signature: string) {
    super(`infected: ${signature}`);
  }
}

/** Holds the first SNIFF_BYTES, reads the type from them (the existing byte checks), then lets everything through. */
class TypeSniffer extends Transform {
  readonly type: Promise<DocumentType>;
  private resolveType!: (type: DocumentType) => void;
  private rejectType!: (error: Error) => void;
  private head: Buffer[] = [];
  private headBytes = 0;
  private known = false;

  constructor() {
    super();
    this.type = new Promise<DocumentType>((resolve, reject) => {
      this.resolveType = resolve;
      this.rejectType = reject;
    });
    // Observed by the caller; never an unhandled rejection when the pipeline fails first.
    this.type.catch(() => undefined);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.known) return callback(null, chunk);
    this.head.push(chunk);
    this.headBytes += chunk.length;
    if (this.headBytes < SNIFF_BYTES) return callback();
    this.detect(callback);
  }

  override _flush(callback: TransformCallback): void {
    if (this.known) return callback();
    if (this.headBytes === 0) {
      this.rejectType(documentInvalidData());
      return callback(documentInvalidData());
    }
    this.detect(callback);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    if (!this.known) this.rejectType(error ?? documentInvalidData());
    callback(error);
  }

  private detect(callback: TransformCallback): void {
    const head = Buffer.concat(this.head);
    this.head = [];
    detectDocumentType(head).then(
      (type) => {
        this.known = true;
        this.resolveType(type);
        callback(null, head);
      },
      (error: Error) => {
        this.rejectType(error);
        callback(error);
      },
    );
  }
}

/** Passes every chunk through after the antivirus has taken it; fails at the end unless the verdict is clean. */
class ScanTee extends Transform {
  constructor(private readonly session: ScanSession) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.session.write(chunk).then(
      () => callback(null, chunk),
      (error: Error) => callback(error),
    );
  }

  override _flush(callback: TransformCallback): void {
    this.session.finish().then(
      (verdict) => callback(verdict.clean ? null : new InfectedUpload(verdict.signature)),
      (error: Error) => callback(error),
    );
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    if (error) this.session.abort();
    callback(error);
  }
}

/**
 * Streams an upload into the storage: size limit (already on `file.stream`), type from the first
 * bytes, antivirus on the same bytes as they are written, all at once. The storage's write only ends
 * once the antivirus has answered clean; on a virus, a scanner failure or any refusal the file is
 * removed and the refusal thrown (`InfectedUpload`, a DomainError, or ANTIVIRUS_UNAVAILABLE).
 */
export async function streamDocumentToStorage(
  file: UploadedFile,
  storage: FileStorage,
  scanner: VirusScanner,
  onScannerError: (error: Error) => void,
): Promise<{ storageName: string; type: DocumentType; size: number }> {
  const sniffer = new TypeSniffer();
  const tee = new ScanTee(scanner.start());
  const body = new PassThrough();
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      callback(null, chunk);
    },
  });
  const flow = pipeline(file.stream, sniffer, tee, counter, body);
  let type: DocumentType;
  try {
    type = await sniffer.type;
  } catch (error) {
    await flow.catch(() => undefined);
    throw refusal(error, onScannerError);
  }
  const storageName = newStorageName(type.ext);
  const [flowed, stored] = await Promise.allSettled([flow, storage.putStream(storageName, body)]);
  if (flowed.status === 'rejected' || stored.status === 'rejected') {
    await storage.remove(storageName);
    // The refusal that explains the failure: ours or the scanner's first, else the storage's own error
    // (the other side then only reports the stream it shared being cut).
    const reasons: unknown[] = [flowed, stored]
      .filter((result): result is PromiseRejectedResult => result.status === 'rejected')
      .map((result) => result.reason as unknown);
    const explained = reasons.find(
      (reason) =>
        reason instanceof DomainError ||
        reason instanceof InfectedUpload ||
        (reason instanceof Error && reason.message.startsWith('clamd:')),
    );
    throw refusal(explained ?? (stored.status === 'rejected' ? stored.reason : reasons[0]), onScannerError);
  }
  return { storageName, type, size };
}

/** Our refusals pass as they are; anything from the scanner's side is "antivirus unavailable". */
function refusal(error: unknown, onScannerError: (error: Error) => void): Error {
  if (error instanceof DomainError || error instanceof InfectedUpload) return error;
  if (error instanceof Error && error.message.startsWith('clamd:')) {
    onScannerError(error);
    return antivirusUnavailable();
  }
  return error as Error;
}
