import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { AppError } from '../lib/app-error';
import type { AppInstance } from '../lib/types';
import type { FileStorage } from './file-storage';
import { IMAGE_EXTENSIONS, sniffImageType, type ImageType } from './image-type';
import { LocalFileStorage } from './local-storage';

export { keyFromPublicUrl, publicUrl, PUBLIC_FILES_PREFIX, type FileStorage, type StoredFile } from './file-storage';
export { sniffImageType, type ImageType } from './image-type';

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
  }
}

/**
 * Puts `app.storage` on the app (local folder DATA_DIR/uploads) and serves public files at
 * /uploads/<key>. Keys are random, so a served file never changes and is cached for a year.
 */
export function registerStorage(app: AppInstance, storage?: FileStorage): void {
  const store = storage ?? new LocalFileStorage(path.join(app.ctx.config.dataDir, 'uploads'));
  app.decorate('storage', store);
  app.get('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const file = await store.get(key);
    if (!file) throw new AppError('not_found', 'File not found');
    return reply
      .type(file.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-length', file.size)
      .header('content-disposition', 'inline')
      .send(file.stream());
  });
}

/** Checks an uploaded image by its first bytes and stores it under a new random key. */
export async function storeImage(storage: FileStorage, folder: string, data: Buffer): Promise<{ key: string; type: ImageType }> {
  const type = sniffImageType(data);
  if (!type) throw new AppError('invalid_file_type', 'Please select a valid image (JPEG, PNG, GIF, WEBP)');
  const key = `${folder}/${randomBytes(18).toString('base64url')}.${IMAGE_EXTENSIONS[type]}`;
  await storage.put(key, data, type);
  return { key, type };
}
