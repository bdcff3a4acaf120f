import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
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

const isMissing = (err: unknown) => (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

/** What a cache between the bucket and a browser may do (the app sets its own headers when it serves). */
const cacheControlFor = (key: string) => (isPrivateKey(key) ? 'private, no-store' : 'public, max-age=31536000, immutable');

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
      credentials: settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
      // The SDK's default (checksums on every request) sends bodies with aws-chunked framing, which
      // S3-compatible stores such as s3rver keep as the file's bytes; plain requests work everywhere.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    if (!isStorageKey(key)) throw new Error(`Invalid storage key: ${key}`);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: data, ContentType: contentType, CacheControl: cacheControlFor(key) }),
    );
  }

  async get(key: string): Promise<StoredFile | undefined> {
    if (!isStorageKey(key)) return undefined;
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      const body = out.Body as Readable;
      return { size: out.ContentLength ?? 0, contentType: out.ContentType ?? contentTypeOfKey(key), stream: () => body };
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    if (!isStorageKey(key)) return false;
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    if (!isStorageKey(key)) return;
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  close(): void {
    this.client.destroy();
  }
}
