import net from 'node:net';

export type ScanResult = { clean: true } | { clean: false; signature: string };

/** Antivirus port: every uploaded document goes through it before it is stored. */
export abstract class VirusScanner {
  /** Throws when the scanner cannot give an answer (the upload is then refused, never stored unscanned). */
  abstract scan(bytes: Buffer): Promise<ScanResult>;
}

/** Development adapter (ANTIVIRUS=none): scans nothing. */
export class NoopVirusScanner extends VirusScanner {
  scan(): Promise<ScanResult> {
    return Promise.resolve({ clean: true });
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

  scan(bytes: Buffer): Promise<ScanResult> {
    return new Promise<ScanResult>((resolve, reject) => {
      const socket = this.connect();
      const received: Buffer[] = [];
      let settled = false;
      const finish = (error: Error | undefined, result?: ScanResult) => {
        if (settled) return;
        settled = true;
        socket.destroy();
        if (error) reject(error);
        else resolve(result!);
      };
      socket.setTimeout(this.timeoutMs, () => finish(new Error('clamd: timeout')));
      socket.on('error', (error) => finish(new Error(`clamd: ${error.message}`)));
      socket.on('data', (data) => received.push(data));
      socket.on('end', () => {
        try {
          finish(undefined, parseClamdReply(Buffer.concat(received).toString('utf8')));
        } catch (error) {
          finish(error as Error);
        }
      });
      socket.on('connect', () => {
        socket.write('zINSTREAM\0');
        for (let offset = 0; offset < bytes.length; offset += CHUNK) {
          const chunk = bytes.subarray(offset, offset + CHUNK);
          const size = Buffer.alloc(4);
          size.writeUInt32BE(chunk.length);
          socket.write(size);
          socket.write(chunk);
        }
        socket.write(Buffer.alloc(4));
      });
    });
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
