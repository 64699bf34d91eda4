import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** The answer of a streamed upload: status and parsed JSON body. */
export interface UploadAnswer {
  status: number;
  body: Record<string, unknown>;
}

/**
 * POSTs (or PUTs) a body produced chunk by chunk, without ever holding it whole in this process: the
 * memory tests measure the API, not a 25 MiB buffer in the test. Chunked transfer, like a browser
 * streaming a file it reads from disk. An async iterable lets a test pause the sending midway.
 */
export async function sendStreamed(
  server: http.Server,
  options: {
    method?: string;
    path: string;
    headers: Record<string, string>;
    chunks: Iterable<Buffer> | AsyncIterable<Buffer>;
  },
): Promise<UploadAnswer> {
  // A Nest test app is not listening (supertest listens per request): listen on a free port, closed with the app.
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'POST',
        path: options.path,
        headers: options.headers,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          let body: Record<string, unknown>;
          try {
            body = JSON.parse(text) as Record<string, unknown>;
          } catch {
            body = { text };
          }
          resolve({ status: res.statusCode ?? 0, body });
        });
      },
    );
    req.on('error', reject);
    const send = async () => {
      for await (const chunk of options.chunks) {
        if (!req.write(chunk)) await new Promise((drained) => req.once('drain', drained));
      }
      req.end();
    };
    send().catch((error: unknown) => req.destroy(error as Error));
  });
}

/**
 * `total` bytes: `head`, then filler in 64 KiB chunks. The same filler buffer is sent again and again
 * (its bytes never change), so the test's side allocates nothing per chunk.
 */
export function* fileChunks(head: Buffer, total: number, filler = 0x20): Generator<Buffer> {
  yield head;
  const block = Buffer.alloc(64 * 1024, filler);
  let sent = head.length;
  while (sent < total) {
    const size = Math.min(block.length, total - sent);
    yield size === block.length ? block : block.subarray(0, size);
    sent += size;
  }
}

/** A multipart/form-data body with one file part, produced chunk by chunk. */
export function multipartBody(
  field: string,
  filename: string,
  contentType: string,
  file: Iterable<Buffer> | AsyncIterable<Buffer>,
): { contentType: string; chunks: AsyncIterable<Buffer> } {
  const boundary = `----rdv-test-${Date.now().toString(16)}`;
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    chunks: (async function* () {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
          `Content-Type: ${contentType}\r\n\r\n`,
      );
      yield* file;
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    })(),
  };
}

/** The garbage collector, made callable at run time (jest does not start node with --expose-gc). */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

export interface MemoryGrowth {
  /** Highest resident set size while `work` ran, above the RSS when it started (garbage not yet collected included). */
  peakRss: number;
  /**
   * Highest memory still referenced while `work` ran (V8 heap + Buffers, sampled right after a full
   * collection about every second), above the same figure when it started: what the upload holds at once.
   */
  peakLive: number;
}

/**
 * How much this process's memory grows while `work` runs. Linux: writing 5 to /proc/self/clear_refs
 * resets the peak RSS (VmHWM), read back afterwards, so a short spike is not missed. Node collects
 * Buffers lazily (V8 waits for tens of MiB of garbage), so the RSS peak also counts chunks already
 * released: `peakLive` is the figure that tells whether memory follows the file's size.
 */
export async function memoryGrowth(work: () => Promise<void>): Promise<MemoryGrowth> {
  const gc = collector();
  const live = () => {
    gc();
    const usage = process.memoryUsage();
    return usage.heapUsed + usage.arrayBuffers;
  };
  const liveBefore = live();
  writeFileSync('/proc/self/clear_refs', '5');
  const rssBefore = statusKb('VmRSS');
  let peakLive = 0;
  let timer: NodeJS.Timeout | undefined;
  // One full collection a second at most, counted from the end of the previous one: on a busy
  // machine a collection of the whole test process takes hundreds of ms, and the upload must go on.
  const sample = () => {
    peakLive = Math.max(peakLive, live() - liveBefore);
    timer = setTimeout(sample, 1_000);
  };
  timer = setTimeout(sample, 1_000);
  try {
    await work();
  } finally {
    clearTimeout(timer);
  }
  peakLive = Math.max(peakLive, live() - liveBefore);
  const peakRss = (statusKb('VmHWM') - rssBefore) * 1024;
  return { peakRss, peakLive };
}

function statusKb(field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync('/proc/self/status', 'utf8'));
  if (!match) throw new Error(`/proc/self/status has no ${field}`);
  return Number(match[1]);
}
