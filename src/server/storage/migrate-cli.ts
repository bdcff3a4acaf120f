/**
 * `npm run storage:migrate`: copies the uploaded files of DATA_DIR/uploads into the bucket the S3_*
 * settings name (decision 087). Idempotent: files already in the bucket are skipped, so it can run
 * again after a late upload; it prints each file it copied. Run it before starting instances on the bucket.
 */
import path from 'node:path';
import { loadConfig } from '../config';
import { LocalFileStorage } from './local-storage';
import { copyLocalFiles } from './migrate';
import { S3FileStorage } from './s3-storage';

const config = loadConfig();
if (config.storage.kind !== 's3') {
  console.error(
    'S3_BUCKET is not set: set the S3_* settings of the bucket to copy DATA_DIR/uploads into (see README, Settings).',
  );
  process.exit(1);
}
const source = new LocalFileStorage(path.join(config.dataDir, 'uploads'));
const target = new S3FileStorage(config.storage);
try {
  const { copied, present } = await copyLocalFiles(source, target, (line) => console.log(line));
  console.log(
    `${copied.length} file(s) copied from ${source.root} to bucket ${target.bucket}; ${present.length} already there.`,
  );
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  target.close();
}
