import { createReadStream } from 'node:fs';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { contentTypeOfKey, isStorageKey, type FileStorage, type StoredFile } from './file-storage';
import { AppError } from '../lib/app-error';

/** Files in a folder on this machine (DATA_DIR/uploads): the embedded default. */
export class LocalFileStorage implements FileStorage {
  constructor(readonly root: string) {}

  private file(key: string): string {
    if (!isStorageKey(key)) throw new AppError('internal', `Invalid storage key: ${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, data, { mode: 0o640 });
  }

  async get(key: string): Promise<StoredFile | undefined> {
    const size = await this.sizeOf(key);
    if (size === undefined) return undefined;
    const file = this.file(key);
    return { size, contentType: contentTypeOfKey(key), stream: () => createReadStream(file) };
  }

  async exists(key: string): Promise<boolean> {
    return (await this.sizeOf(key)) !== undefined;
  }

  async delete(key: string): Promise<void> {
    if (!isStorageKey(key)) return;
    await rm(this.file(key), { force: true });
  }

  /** Every stored key, for copying the folder elsewhere (storage:migrate); other files are left out. */
  async keys(): Promise<string[]> {
    let names: string[];
    try {
      names = await readdir(this.root, { recursive: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
    return names
      .map((n) => n.split(path.sep).join('/'))
      .filter(isStorageKey)
      .sort();
  }

  private async sizeOf(key: string): Promise<number | undefined> {
    if (!isStorageKey(key)) return undefined;
    try {
      const info = await stat(this.file(key));
      return info.isFile() ? info.size : undefined;
    } catch {
      return undefined;
    }
  }
}
