import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { bearer } from '../../test/accounts';
import { multipartBody } from '../../test/multipart';
import { createTestApp, type TestApp } from '../../test/test-app';

/** Test-only helpers of the image suites (images.test.ts, malformed-uploads.test.ts). */

// A 1×1 PNG whose compressed pixel data is damaged (libpng reports an error), which browsers and the server tolerate.
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6300010000050001' +
    '0d0a2db40000000049454e44ae426082',
  'hex',
);

export const multipart = (data: Buffer, filename = 'photo.png', contentType = 'image/png') =>
  multipartBody([{ field: 'file', data, name: filename, type: contentType }]);

/**
 * Call at a file's top: its app over a data folder of its own (made before its tests, closed after) and
 * `me`. The state lives in this call, not in the module: the API files share a worker's modules (vitest.config.ts).
 */
export function imagesSuite() {
  const fixture = {} as { t: TestApp; dataDir: string };
  beforeAll(async () => {
    fixture.dataDir = mkdtempSync(path.join(tmpdir(), 'tabi-images-'));
    fixture.t = await createTestApp({ env: { DATA_DIR: fixture.dataDir } });
  });
  afterAll(() => fixture.t.close());

  const me = (token: string) => fixture.t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });

  return { fixture, me };
}
