import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { AppError } from '../lib/app-error';
import { contentTypeOfKey, isPrivateKey, isStorageKey, type FileStorage, type StoredFile } from './file-storage';

export interface S3Settings {
  bucket: string;
  region: string;
  /** An S3-compatible store (MinIO, R2…); absent: AWS. */
  endpoint?: string;
  /** Absent: the SDK's own chain (environment, instance role…). */
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

const isMissing = (err: unknown) =>
  (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

/**
 * How long the store may take (decision 101): a connection within 1 s, and no 2 s without a byte
 * either way (an idle limit, not a total one: a large upload on a slow link still goes through);
 * one retry. A store that hangs or refuses costs a request about 4 s, not the SDK's minutes.
 */
export const S3_TIMEOUTS = { connectionTimeout: 1_000, socketTimeout: 2_000, maxAttempts: 2 } as const;
/** What the 503 tells the client to wait before trying again, in seconds. */
export const STORAGE_RETRY_AFTER_S = 30;

const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** The store did not answer, or answered that it cannot now (5xx, SlowDown): not this request's fault. */
function isUnavailable(err: unknown): boolean {
  const e = err as { name?: string; code?: string; $metadata?: { httpStatusCode?: number } };
  const status = e.$metadata?.httpStatusCode;
  return (
    e.name === 'TimeoutError' ||
    (e.code !== undefined && UNREACHABLE.has(e.code)) ||
    (status !== undefined && status >= 500)
  );
}

/** 503 storage_unavailable with Retry-After for a store that is down; other failures as they were (a 500). */
function unavailable(err: unknown): unknown {
  if (!isUnavailable(err)) return err;
  const refusal = new AppError(
    'storage_unavailable',
    'File storage is not available right now. Please try again in a moment.',
    undefined,
    { retryAfter: STORAGE_RETRY_AFTER_S },
  );
  return Object.assign(refusal, { cause: err });
}

/** What a cache between the bucket and a browser may do (the app sets its own headers when it serves). */
const cacheControlFor = (key: string) =>
  isPrivateKey(key) ? 'private, no-store' : 'public, max-age=31536000, immutable';

/**
 * Files in an S3-compatible bucket, shared by every instance behind a load balancer. The bucket
 * stays private: the app reads objects with its own credentials and serves them (public images at
 * /uploads/…, documents only through their authorized routes).
 */
export class S3FileStorage implements FileStorage {
  readonly bucket: string;
  private readonly client: S3Client;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
      requestHandler: { connectionTimeout: S3_TIMEOUTS.connectionTimeout, socketTimeout: S3_TIMEOUTS.socketTimeout },
      maxAttempts: S3_TIMEOUTS.maxAttempts,
      // The SDK's default (checksums on every request) sends bodies with aws-chunked framing, which
      // S3-compatible stores such as s3rver keep as the file's bytes; plain requests work everywhere.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    if (!isStorageKey(key)) throw new AppError('internal', `Invalid storage key: ${key}`);
    await this.call((c) =>
      c.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: data,
          ContentType: contentType,
          CacheControl: cacheControlFor(key),
        }),
      ),
    );
  }

  async get(key: string): Promise<StoredFile | undefined> {
    if (!isStorageKey(key)) return undefined;
    try {
      const out = await this.call((c) => c.send(new GetObjectCommand({ Bucket: this.bucket, Key: key })));
      const body = out.Body as Readable;
      return {
        size: out.ContentLength ?? 0,
        contentType: out.ContentType ?? contentTypeOfKey(key),
        stream: () => body,
      };
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    if (!isStorageKey(key)) return false;
    try {
      await this.call((c) => c.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key })));
      return true;
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    if (!isStorageKey(key)) return;
    await this.call((c) => c.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })));
  }

  /** A call to the store, with a store that is down turned into 503 storage_unavailable. */
  private async call<T>(work: (client: S3Client) => Promise<T>): Promise<T> {
    try {
      return await work(this.client);
    } catch (err) {
      throw unavailable(err);
    }
  }

  close(): void {
    this.client.destroy();
  }
}
