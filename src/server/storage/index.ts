import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Locale } from '../../shared/locales';
import { AppError } from '../lib/app-error';
import type { AppInstance } from '../lib/types';
import type { Config } from '../config';
import { isPrivateKey, isStorageKey, type FileStorage } from './file-storage';
import { IMAGE_EXTENSIONS } from './image-type';
import { LocalFileStorage } from './local-storage';
import { S3FileStorage } from './s3-storage';
import { reencodeImage, STORED_IMAGE_TYPE, type ImageBox } from './reencode-image';

export {
  isPrivateKey,
  keyFromPublicUrl,
  PRIVATE_FOLDER_PREFIX,
  publicUrl,
  PUBLIC_FILES_PREFIX,
  type FileStorage,
  type StoredFile,
} from './file-storage';
export { sniffImageType, type ImageType } from './image-type';
export {
  AVATAR_BOX,
  BACKGROUND_BOX,
  MAX_INPUT_PIXELS,
  reencodeImage,
  STORED_IMAGE_TYPE,
  type ImageBox,
} from './reencode-image';

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
  }
}

/** The store the settings name: the local folder DATA_DIR/uploads (default) or an S3-compatible bucket. */
export function storageFor(config: Config): FileStorage {
  const s = config.storage;
  return s.kind === 's3' ? new S3FileStorage(s) : new LocalFileStorage(path.join(config.dataDir, 'uploads'));
}

/** Where files go, for the start-up log: the folder, or the bucket and endpoint (never a credential). */
export function describeStorage(config: Config): string {
  const s = config.storage;
  if (s.kind === 'local') return `folder ${path.join(config.dataDir, 'uploads')}`;
  return `bucket ${s.bucket} at ${s.endpoint ? new URL(s.endpoint).origin : `AWS ${s.region}`}${s.publicUrl ? `, public images from ${s.publicUrl}` : ''}`;
}

/**
 * Makes the store (storageFor), returns it for compose.ts (and puts it on the app as `app.storage` for the
 * tests), and serves public files at /uploads/<key>. Keys are random, so a served file never changes and
 * is cached for a year. With S3_PUBLIC_URL the route
 * redirects there instead, so images come from the CDN or bucket, and old /uploads/ URLs keep working.
 */
export function registerStorage(app: AppInstance, storage?: FileStorage): FileStorage {
  const store = storage ?? storageFor(app.ctx.config);
  app.decorate('storage', store);
  // Only a store made here is closed here.
  if (!storage && store instanceof S3FileStorage) app.addHook('onClose', async () => store.close());
  const cfg = app.ctx.config.storage;
  const redirectTo = cfg.kind === 's3' ? cfg.publicUrl : undefined;
  app.get('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    // Private folders (payment proofs, evidence) are never public: their own modules serve them after authorization.
    if (isPrivateKey(key) || !isStorageKey(key)) throw new AppError('not_found', 'File not found');
    if (redirectTo)
      return reply.header('cache-control', 'public, max-age=31536000, immutable').redirect(`${redirectTo}/${key}`, 301);
    const file = await store.get(key);
    if (!file) throw new AppError('not_found', 'File not found');
    return reply
      .type(file.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-length', file.size)
      .header('content-disposition', 'inline')
      .send(file.stream());
  });
  return store;
}

/**
 * Stores an uploaded image under a new random key: never the uploaded bytes, always a fresh WebP
 * without metadata, scaled to fit `box` (see reencodeImage). Undecodable input is 400 invalid_file_type;
 * with `refuseQrCode` (the uploader's language), a picture others see holding a QR code is 400 qr_code_not_allowed.
 */
export async function storeImage(
  storage: FileStorage,
  folder: string,
  data: Buffer,
  box: ImageBox,
  refuseQrCode?: Locale,
): Promise<{ key: string; type: typeof STORED_IMAGE_TYPE; size: number }> {
  const webp = await reencodeImage(data, box, refuseQrCode);
  const key = `${folder}/${randomBytes(18).toString('base64url')}.${IMAGE_EXTENSIONS[STORED_IMAGE_TYPE]}`;
  await storage.put(key, webp, STORED_IMAGE_TYPE);
  return { key, type: STORED_IMAGE_TYPE, size: webp.length };
}
