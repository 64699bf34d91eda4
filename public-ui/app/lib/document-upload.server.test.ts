// @vitest-environment node
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { forwardDocumentUpload } from './document-upload.server';

const MiB = 1024 * 1024;

/** A loopback API: counts the bytes of each upload as they arrive, then answers as the test says. */
let api: Server;
let received: Array<{ url: string; contentType: string; authorization?: string; bytes: number }> = [];
let answer: { status: number; body: unknown } = { status: 201, body: { label: 'Bail' } };

beforeAll(async () => {
  api = createServer((req: IncomingMessage, res) => {
    let bytes = 0;
    req.on('data', (chunk: Buffer) => (bytes += chunk.length));
    req.on('end', () => {
      received.push({
        url: req.url ?? '',
        contentType: req.headers['content-type'] ?? '',
        authorization: req.headers.authorization,
        bytes,
      });
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  process.env.API_URL = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => api.close(() => resolve())));
beforeEach(() => {
  received = [];
  answer = { status: 201, body: { label: 'Bail' } };
});

/**
 * A browser's multipart body of `size` bytes of file, produced a chunk at a time as it is read: the route has to
 * pass it on as a stream (it counts what was pulled, to show it never ran far ahead of the API).
 */
function multipartUpload(size: number, headers: Record<string, string> = {}) {
  const boundary = '----rdvtest';
  const head = new TextEncoder().encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="scan.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = new TextEncoder().encode(`\r\n--${boundary}--\r\n`);
  let left = size;
  let sentHead = false;
  let sentTail = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!sentHead) {
        sentHead = true;
        return controller.enqueue(head);
      }
      if (left > 0) {
        const chunk = new Uint8Array(Math.min(MiB, left)).fill(0x25);
        left -= chunk.length;
        return controller.enqueue(chunk);
      }
      if (!sentTail) {
        sentTail = true;
        return controller.enqueue(tail);
      }
      controller.close();
    },
  });
  const total = head.length + size + tail.length;
  return {
    total,
    request: new Request('http://public.test/documents/envoi?rendez-vous=ABCDEFGHIJKLMNOP', {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(total),
        ...headers,
      },
      body,
      duplex: 'half',
    } as RequestInit),
  };
}

describe('forwardDocumentUpload (the public site’s streaming document route)', () => {
  it('passes a 24 Mo document to the API byte for byte, as multipart, and answers with its label', async () => {
    const { request, total } = multipartUpload(24 * MiB);
    const response = await forwardDocumentUpload(request, { refAppointment: 'ABCDEFGHIJKLMNOP' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, message: 'Document envoyé.', label: 'Bail' });
    expect(received).toEqual([
      {
        url: '/api/v1/appointments/ABCDEFGHIJKLMNOP/documents',
        contentType: 'multipart/form-data; boundary=----rdvtest',
        authorization: undefined,
        bytes: total,
      },
    ]);
  });

  it('refuses in French a body announced over 25 Mo without sending anything to the API', async () => {
    const { request } = multipartUpload(26 * MiB);
    const response = await forwardDocumentUpload(request, { refAppointment: 'ABCDEFGHIJKLMNOP' });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      ok: false,
      message: 'Le fichier dépasse la taille maximale de 25 Mo.',
    });
    expect(received).toHaveLength(0);
  });

  it('gives the API’s refusals in French: over the limit while streaming (413), a virus (400)', async () => {
    answer = { status: 413, body: { statusCode: 413, message: 'Request body is too large' } };
    const tooLarge = await forwardDocumentUpload(multipartUpload(MiB).request, {
      refAppointment: 'ABCDEFGHIJKLMNOP',
    });
    expect(tooLarge.status).toBe(413);
    expect((await tooLarge.json()).message).toBe('Le fichier dépasse la taille maximale de 25 Mo.');

    answer = {
      status: 400,
      body: {
        statusCode: 400,
        code: 'DOCUMENT_INFECTED',
        message: 'Ce fichier contient un virus : il n’a pas été enregistré',
      },
    };
    const infected = await forwardDocumentUpload(multipartUpload(MiB).request, {
      refAppointment: 'ABCDEFGHIJKLMNOP',
    });
    expect(infected.status).toBe(400);
    expect((await infected.json()).message).toBe('Ce fichier contient un virus : il n’a pas été enregistré');
  });

  it('sends a folder’s document with the signed-in client’s session, and asks anyone else to sign in', async () => {
    const anonymous = await forwardDocumentUpload(multipartUpload(MiB).request, { folderId: 'f1' });
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).message).toBe('Connectez-vous pour envoyer un document.');
    expect(received).toHaveLength(0);
  });
});
