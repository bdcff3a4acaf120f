import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { contentTypeOfKey, type FileStorage } from './file-storage';
import type { LocalFileStorage } from './local-storage';

export interface MigrationResult {
  copied: string[];
  /** Already in the target (an earlier run): left as they are. */
  present: string[];
}

/**
 * Copies every stored file of the local folder into `target` under the same key, skipping keys the
 * target already has, so running it again copies only what is new. The database keeps its keys
 * (and /uploads/… URLs), so nothing else changes. Local files are left in place.
 */
export async function copyLocalFiles(
  source: LocalFileStorage,
  target: FileStorage,
  log: (line: string) => void = () => {},
): Promise<MigrationResult> {
  const result: MigrationResult = { copied: [], present: [] };
  for (const key of await source.keys()) {
    if (await target.exists(key)) {
      result.present.push(key);
      continue;
    }
    const data = await readFile(path.join(source.root, key));
    await target.put(key, data, contentTypeOfKey(key));
    result.copied.push(key);
    log(`copied ${key} (${data.length} bytes)`);
  }
  return result;
}
