import { mkdtemp, rm } from 'node:fs/promises';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** s3rver's fixed credentials (it checks SigV4 signatures against them: other keys get 403). */
export const LOCAL_S3_KEY = 'S3RVER';

export interface RecordedS3Request {
  method: string;
  /** Path-style: /<bucket>/<key> */
  path: string;
  headers: IncomingHttpHeaders;
}

/**
 * A real S3-compatible server for tests: s3rver (pure npm, works on Node 24) on a loopback port,
 * its objects in a temporary folder, `bucket` created at start. The tests talk to it through a
 * small recording proxy, so they can check what the adapter asked for (encryption, no ACL): s3rver
 * itself neither encrypts nor enforces ACLs.
 */
export interface LocalS3 {
  endpoint: string;
  bucket: string;
  /** The STORAGE=s3 environment pointing at this server. */
  env: {
    STORAGE: 's3';
    S3_ENDPOINT: string;
    S3_REGION: string;
    S3_BUCKET: string;
    S3_ACCESS_KEY_ID: string;
    S3_SECRET_ACCESS_KEY: string;
    S3_FORCE_PATH_STYLE: 'true';
  };
  /** Every request received, oldest first. */
  requests: RecordedS3Request[];
  /** Every key in the bucket, sorted. */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

export async function startLocalS3(bucket = 'rdv-test'): Promise<LocalS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 'rdv-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port: upstreamPort } = await server.run();

  const requests: RecordedS3Request[] = [];
  const proxy = http.createServer((req, res) => {
    requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers });
    // Same headers (Host included), so the SigV4 signature s3rver checks still matches.
    const upstream = http.request(
      { host: '127.0.0.1', port: upstreamPort, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', (error) => res.destroy(error));
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;

  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: LOCAL_S3_KEY, secretAccessKey: LOCAL_S3_KEY },
  });
  return {
    endpoint,
    bucket,
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: LOCAL_S3_KEY,
      S3_SECRET_ACCESS_KEY: LOCAL_S3_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    requests,
    async keys() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((object) => object.Key ?? '').sort();
    },
    async close() {
      client.destroy();
      proxy.closeAllConnections();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
