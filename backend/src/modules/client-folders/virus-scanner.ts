import net from 'node:net';

export type ScanResult = { clean: true } | { clean: false; signature: string };

/**
 * One file being scanned while it streams: chunks go in as they arrive, the verdict comes after the
 * last one. `write` waits while the scanner is behind (backpressure), so a slow scanner slows the
 * upload instead of filling the API's memory.
 */
export interface ScanSession {
  write(chunk: Buffer): Promise<void>;
  /** The verdict; throws when the scanner cannot give one (the upload is then refused, never stored unscanned). */
  finish(): Promise<ScanResult>;
  /** Gives up (the upload failed for another reason). */
  abort(): void;
}

/** Antivirus port: every uploaded document streams through it while it is stored. */
export abstract class VirusScanner {
  abstract start(): ScanSession;

  /** A whole buffer (the same scan, for callers that have the bytes). */
  async scan(bytes: Buffer): Promise<ScanResult> {
    const session = this.start();
    try {
      await session.write(bytes);
      return await session.finish();
    } catch (error) {
      session.abort();
      throw error;
    }
  }
}

/** Development adapter (ANTIVIRUS=none): scans nothing. */
export class NoopVirusScanner extends VirusScanner {
  start(): ScanSession {
    return {
      write: () => Promise.resolve(),
      finish: () => Promise.resolve({ clean: true }),
      abort: () => undefined,
    };
  }
}

const CHUNK = 64 * 1024;

/**
 * ClamAV adapter: clamd's INSTREAM command over its socket (tcp://host:port or a unix socket path),
 * as documented in clamd(8): `zINSTREAM\0`, then chunks each prefixed by their length (4 bytes, big
 * endian), then a zero length; clamd answers `stream: OK`, `stream: <signature> FOUND` or `... ERROR`.
 */
export class ClamdVirusScanner extends VirusScanner {
  constructor(
    private readonly address: string,
    private readonly timeoutMs = 30_000,
  ) {
    super();
  }

  start(): ScanSession {
    const socket = this.connect();
    const received: Buffer[] = [];
    let failure: Error | undefined;
    let ended = false;
    const waiters = new Set<() => void>();
    const wake = () => {
      for (const waiter of waiters) waiter();
      waiters.clear();
    };
    socket.setTimeout(this.timeoutMs, () => {
      failure ??= new Error('clamd: timeout');
      socket.destroy();
    });
    socket.on('error', (error) => {
      failure ??= new Error(`clamd: ${error.message}`);
      wake();
    });
    socket.on('data', (data) => received.push(data));
    socket.on('close', () => {
      ended = true;
      wake();
    });
    socket.on('drain', wake);
    socket.write('zINSTREAM\0');
    const settle = () => new Promise<void>((resolve) => waiters.add(resolve));
    const check = () => {
      if (failure) throw failure;
      // clamd closes early only to refuse (e.g. "INSTREAM size limit exceeded"): that is its verdict.
      if (ended) throw new Error(`clamd: ${reply() || 'connection closed during the scan'}`);
    };
    const reply = () => Buffer.concat(received).toString('utf8').replace(/\0/g, '').trim();
    return {
      write: async (bytes: Buffer) => {
        for (let offset = 0; offset < bytes.length; offset += CHUNK) {
          check();
          const chunk = bytes.subarray(offset, offset + CHUNK);
          const size = Buffer.alloc(4);
          size.writeUInt32BE(chunk.length);
          socket.write(size);
          if (!socket.write(chunk)) await settle();
        }
        check();
      },
      finish: async () => {
        check();
        socket.end(Buffer.alloc(4));
        while (!ended && !failure) await settle();
        if (failure) throw failure;
        return parseClamdReply(reply());
      },
      abort: () => socket.destroy(),
    };
  }

  /** clamd's PING: resolves when it answers PONG (the API's readiness check), rejects otherwise. */
  ping(timeoutMs = 1_000): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const socket = this.connect();
      let reply = '';
      const finish = (error?: Error) => {
        socket.destroy();
        if (error) reject(error);
        else resolve();
      };
      socket.setTimeout(timeoutMs, () => finish(new Error('clamd: timeout')));
      socket.on('error', (error) => finish(new Error(`clamd: ${error.message}`)));
      socket.on('data', (data) => (reply += data.toString('utf8')));
      socket.on('end', () =>
        reply.replace(/\0/g, '').trim() === 'PONG'
          ? finish()
          : finish(new Error(`clamd: unexpected PING reply ${JSON.stringify(reply.slice(0, 100))}`)),
      );
      socket.on('connect', () => socket.write('zPING\0'));
    });
  }

  private connect(): net.Socket {
    const tcp = /^tcp:\/\/(.+):(\d+)$/.exec(this.address);
    return tcp ? net.connect(Number(tcp[2]), tcp[1]) : net.connect(this.address);
  }
}

/** `stream: OK` -> clean; `stream: Eicar-Signature FOUND` -> infected; anything else is an error. */
export function parseClamdReply(reply: string): ScanResult {
  const text = reply.replace(/\0/g, '').trim();
  if (/^stream: OK$/.test(text)) return { clean: true };
  const found = /^stream: (.+) FOUND$/.exec(text);
  if (found) return { clean: false, signature: found[1] };
  throw new Error(`clamd: unexpected reply ${JSON.stringify(text.slice(0, 200))}`);
}
