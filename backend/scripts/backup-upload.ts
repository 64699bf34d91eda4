/**
 * Second half of the backups CronJob (deploy/k8s/base/backup-cronjob.yaml): its init container ran pg_dump into
 * BACKUP_FILE; this uploads the file to the object store and deletes the dumps older than the retention.
 *   BACKUP_FILE            the custom-format dump (pg_dump -Fc) to upload
 *   BACKUP_BUCKET          bucket (private, versioned, in France like the files' one)
 *   BACKUP_PREFIX          key prefix, default `backups/postgres/`
 *   BACKUP_RETENTION_DAYS  dumps older than this are deleted, default 30; the newest 7 are always kept
 *   S3_ENDPOINT / S3_REGION / S3_FORCE_PATH_STYLE / S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY  as for the files
 * Restore: download a dump, `pg_restore --no-owner -d <new database> <file>` (scripts/restore-drill.sh does it
 * in CI against a copy of the test database and compares the row counts).
 */
import { createReadStream, statSync } from 'node:fs';
import { DeleteObjectsCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createS3Client } from '../src/common/s3-file-storage';

const KEEP_AT_LEAST = 7;

export interface BackupSettings {
  file: string;
  bucket: string;
  prefix: string;
  retentionDays: number;
  now?: Date;
}

/** Uploads the dump, then prunes; returns the key written and the keys deleted. */
export async function uploadBackup(
  client: S3Client,
  settings: BackupSettings,
): Promise<{ key: string; deleted: string[] }> {
  const now = settings.now ?? new Date();
  const key = `${settings.prefix}${now.toISOString().replace(/[:.]/g, '-')}.dump`;
  await client.send(
    new PutObjectCommand({
      Bucket: settings.bucket,
      Key: key,
      Body: createReadStream(settings.file),
      ContentLength: statSync(settings.file).size,
      ContentType: 'application/octet-stream',
    }),
  );
  const objects: { Key: string; LastModified: Date }[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({
        Bucket: settings.bucket,
        Prefix: settings.prefix,
        ContinuationToken: token,
      }),
    );
    for (const object of page.Contents ?? [])
      if (object.Key && object.LastModified)
        objects.push({ Key: object.Key, LastModified: object.LastModified });
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  // Keys carry the instant: sorting them sorts the dumps; the upload clock, not the store's, decides age.
  objects.sort((a, b) => (a.Key < b.Key ? 1 : -1));
  const cutoff = now.getTime() - settings.retentionDays * 86_400_000;
  const expired = objects
    .slice(KEEP_AT_LEAST)
    .filter(
      (object) => object.Key !== key && instantOf(object.Key, settings.prefix, object.LastModified) < cutoff,
    )
    .map((object) => object.Key);
  if (expired.length)
    await client.send(
      new DeleteObjectsCommand({
        Bucket: settings.bucket,
        Delete: { Objects: expired.map((Key) => ({ Key })) },
      }),
    );
  return { key, deleted: expired };
}

function instantOf(key: string, prefix: string, fallback: Date): number {
  const stamp = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.dump$/.exec(key.slice(prefix.length));
  if (!stamp) return fallback.getTime();
  return Date.parse(`${stamp[1]}T${stamp[2]}:${stamp[3]}:${stamp[4]}.${stamp[5]}Z`);
}

async function main(): Promise<void> {
  const required = (name: string) => {
    const value = process.env[name];
    if (!value) {
      console.error(`${name} is required`);
      process.exit(1);
    }
    return value;
  };
  const retentionDays = Number(process.env.BACKUP_RETENTION_DAYS ?? 30);
  if (!Number.isInteger(retentionDays) || retentionDays < 1) {
    console.error('BACKUP_RETENTION_DAYS must be a whole number of days, at least 1');
    process.exit(1);
  }
  const client = createS3Client({
    endpoint: process.env.S3_ENDPOINT || undefined,
    region: required('S3_REGION'),
    forcePathStyle: process.env.S3_FORCE_PATH_STYLE === 'true',
    accessKeyId: process.env.S3_ACCESS_KEY_ID,
    secretAccessKey: process.env.S3_SECRET_ACCESS_KEY,
  });
  const result = await uploadBackup(client, {
    file: required('BACKUP_FILE'),
    bucket: required('BACKUP_BUCKET'),
    prefix: process.env.BACKUP_PREFIX ?? 'backups/postgres/',
    retentionDays,
  });
  console.log(JSON.stringify({ msg: 'backup uploaded', ...result }));
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(`backup failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
