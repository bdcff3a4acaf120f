import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. The embedded default is a local folder; an S3-compatible store can
 * implement the same three calls later without touching the modules that upload.
 */
export interface StoredFile {
  size: number;
  contentType: string;
  stream(): Readable;
}

export interface FileStorage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredFile | undefined>;
  delete(key: string): Promise<void>;
}

/** Public files (avatars, background images) are served from this path prefix. */
export const PUBLIC_FILES_PREFIX = '/uploads/';

export const publicUrl = (key: string) => `${PUBLIC_FILES_PREFIX}${key}`;

/** The storage key behind a public URL this app produced, if it is one. */
export function keyFromPublicUrl(url: string | null | undefined): string | undefined {
  return url?.startsWith(PUBLIC_FILES_PREFIX) ? url.slice(PUBLIC_FILES_PREFIX.length) : undefined;
}
