import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { AppError } from '../lib/app-error';
import type { AppInstance } from '../lib/types';
import type { FileStorage } from './file-storage';
import { IMAGE_EXTENSIONS } from './image-type';
import { LocalFileStorage } from './local-storage';
import { reencodeImage, STORED_IMAGE_TYPE, type ImageBox } from './reencode-image';

export { keyFromPublicUrl, publicUrl, PUBLIC_FILES_PREFIX, type FileStorage, type StoredFile } from './file-storage';
export { sniffImageType, type ImageType } from './image-type';
export { AVATAR_BOX, BACKGROUND_BOX, MAX_INPUT_PIXELS, reencodeImage, STORED_IMAGE_TYPE, type ImageBox } from './reencode-image';

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
  }
}

/** Folders named private-… hold files only their modules serve, to authorized people; /uploads/ refuses them. */
export const PRIVATE_FOLDER_PREFIX = 'private-';
export const isPrivateKey = (key: string) => key.startsWith(PRIVATE_FOLDER_PREFIX);

/**
 * Puts `app.storage` on the app (local folder DATA_DIR/uploads) and serves public files at
 * /uploads/<key>. Keys are random, so a served file never changes and is cached for a year.
 */
export function registerStorage(app: AppInstance, storage?: FileStorage): void {
  const store = storage ?? new LocalFileStorage(path.join(app.ctx.config.dataDir, 'uploads'));
  app.decorate('storage', store);
  app.get('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    // Private folders (payment proofs, evidence) are never public: their own modules serve them after authorization.
    const file = isPrivateKey(key) ? undefined : await store.get(key);
    if (!file) throw new AppError('not_found', 'File not found');
    return reply
      .type(file.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-length', file.size)
      .header('content-disposition', 'inline')
      .send(file.stream());
  });
}

/**
 * Stores an uploaded image under a new random key: never the uploaded bytes, always a fresh WebP
 * without metadata, scaled to fit `box` (see reencodeImage). Undecodable input is 400 invalid_file_type.
 */
export async function storeImage(storage: FileStorage, folder: string, data: Buffer, box: ImageBox): Promise<{ key: string; type: typeof STORED_IMAGE_TYPE }> {
  const webp = await reencodeImage(data, box);
  const key = `${folder}/${randomBytes(18).toString('base64url')}.${IMAGE_EXTENSIONS[STORED_IMAGE_TYPE]}`;
  await storage.put(key, webp, STORED_IMAGE_TYPE);
  return { key, type: STORED_IMAGE_TYPE };
}
