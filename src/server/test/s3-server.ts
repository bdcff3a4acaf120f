import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../storage/s3-storage';

export interface TestS3 {
  /** The S3_* settings of an app on this bucket. */
  env: Record<string, string>;
  /** The same, for an S3FileStorage made by the test itself. */
  settings: S3Settings;
  close(): Promise<void>;
}

/**
 * An S3 API server for one test file (s3rver, in this process): port 0, objects in a temporary
 * folder removed on close, one bucket created. s3rver accepts its own fixed credentials.
 */
export async function startTestS3(bucket = 'tabi-test'): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'tabi-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    ...s3rverSettings(`http://127.0.0.1:${port}`, bucket),
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * The settings of an s3rver at `endpoint` (it accepts its own fixed credentials), for an app and for a test's own
 * client.
 */
export function s3rverSettings(endpoint: string, bucket: string): Pick<TestS3, 'env' | 'settings'> {
  return {
    settings: {
      bucket,
      region: 'us-east-1',
      endpoint,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    env: {
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
  };
}
