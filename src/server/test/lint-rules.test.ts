import { describe, expect, it } from 'vitest';
import { failures } from './lint-text';

/**
 * The rules ARCHITECTURE.md states and lint enforces (decisions 143, 186), checked through the project's
 * own eslint.config.js: each fails on a violation and passes the allowed form and the listed
 * exceptions. lintText takes a path that need not exist, so each case is a file as it would be written
 * in that place; an import it makes names a real file, which import-x resolves. The rules about SQL,
 * the server's throws and casts and the module loops are in lint-rules-server.test.ts.
 */

describe('server modules are reached through their index.ts', () => {
  it('fails on a deep import into another module, static or dynamic', async () => {
    expect(
      await failures('src/server/modules/accounts/x.ts', "export { hashPassword } from '../auth/password';\n"),
    ).toContain('server-modules/through-index');
    expect(
      await failures(
        'src/server/modules/accounts/x.ts',
        "import { hashPassword } from '../auth/password';\nexport const h = hashPassword;\n",
      ),
    ).toContain('server-modules/through-index');
    expect(
      await failures('src/server/realtime/x.ts', "export const load = () => import('../modules/auth/tokens');\n"),
    ).toContain('server-modules/through-index');
  });

  it('passes an import through the index and a module’s own files', async () => {
    expect(
      await failures(
        'src/server/modules/accounts/x.ts',
        "export { hashPassword } from '../auth/index';\nexport { sha256 } from './auth.service';\n",
      ),
    ).toEqual([]);
  });

  it('leaves tests, test helpers and the demo seed alone', async () => {
    const deep = "export { hashPassword } from '../auth/password';\n";
    expect(await failures('src/server/modules/accounts/x.test.ts', deep)).toEqual([]);
    expect(await failures('src/server/modules/accounts/test-helpers.ts', deep)).toEqual([]);
    expect(
      await failures('src/server/db/seed/x.ts', "export { hashPassword } from '../../modules/auth/password';\n"),
    ).toEqual([]);
  });
});

describe('shared is pure', () => {
  it('fails on a node builtin, named with or without node:, and on either side', async () => {
    for (const code of [
      "export { createHash } from 'node:crypto';\n",
      "export { createHash } from 'crypto';\n",
      "export { readFileSync } from 'fs';\n",
    ]) {
      expect(await failures('src/shared/x.ts', code)).toContain('import-x/no-nodejs-modules');
    }
    expect(await failures('src/shared/x.ts', "export { AppError } from '../server/lib/app-error';\n")).toContain(
      'import-x/no-restricted-paths',
    );
    expect(await failures('src/shared/booking/x.ts', "export { cn } from '../../web/lib/cn';\n")).toContain(
      'import-x/no-restricted-paths',
    );
    expect(
      await failures('src/shared/x.ts', "export const load = () => import('../server/lib/app-error');\n"),
    ).toContain('import-x/no-restricted-paths');
  });

  it('passes itself and a pure package, and leaves its tests alone', async () => {
    expect(
      await failures('src/shared/x.ts', "export { z } from 'zod';\nexport { LOCALES } from './locales';\n"),
    ).toEqual([]);
    expect(await failures('src/shared/x.test.ts', "export { createHash } from 'node:crypto';\n")).toEqual([]);
  });
});

describe('web and server import each other never', () => {
  it('fails on a server file or package in web, and a web file in the server', async () => {
    expect(await failures('src/web/lib/x.ts', "export { AppError } from '../../server/lib/app-error';\n")).toContain(
      'import-x/no-restricted-paths',
    );
    expect(await failures('src/web/lib/x.ts', "export { eq } from 'drizzle-orm';\n")).toContain(
      'no-restricted-imports',
    );
    expect(await failures('src/web/lib/x.ts', "export type { FastifyInstance } from 'fastify';\n")).toContain(
      'no-restricted-imports',
    );
    expect(await failures('src/server/lib/x.ts', "export { cn } from '../../web/lib/cn';\n")).toContain(
      'import-x/no-restricted-paths',
    );
  });

  it('passes shared on both sides', async () => {
    expect(await failures('src/web/lib/x.ts', "export { LOCALES } from '../../shared/locales';\n")).toEqual([]);
    expect(await failures('src/server/lib/x.ts', "export { LOCALES } from '../../shared/locales';\n")).toEqual([]);
  });
});

describe('web features are used through their public modules', () => {
  const deep = "export { WalletSection } from '../features/wallet/wallet-section';\n";
  it('fails on a deep import from a page, another feature or a dynamic import', async () => {
    expect(await failures('src/web/pages/x.tsx', deep)).toContain('import-x/no-restricted-paths');
    expect(
      await failures('src/web/features/bookings/x.tsx', "export { WalletSection } from '../wallet/wallet-section';\n"),
    ).toContain('import-x/no-restricted-paths');
    expect(
      await failures('src/web/app/x.tsx', "export const load = () => import('../features/wallet/wallet-section');\n"),
    ).toContain('import-x/no-restricted-paths');
  });

  it('fails on any feature, its index too, from components/ and lib/', async () => {
    expect(await failures('src/web/components/ui/x.tsx', "export * from '../../features/wallet/index';\n")).toContain(
      'import-x/no-restricted-paths',
    );
    expect(await failures('src/web/lib/x.ts', "export * from '../features/wallet';\n")).toContain(
      'import-x/no-restricted-paths',
    );
  });

  it('passes the index, lazy.ts, the auth forms, a feature’s own files, and tests', async () => {
    expect(
      await failures(
        'src/web/pages/x.tsx',
        "export * from '../features/wallet';\nexport * from '../features/bookings/index';\n",
      ),
    ).toEqual([]);
    expect(
      await failures(
        'src/web/pages/x.tsx',
        "export * from '../features/auth/lazy';\nexport * from '../features/auth/forms';\n",
      ),
    ).toEqual([]);
    expect(
      await failures('src/web/features/wallet/x.tsx', "export { WalletSection } from './wallet-section';\n"),
    ).toEqual([]);
    expect(await failures('src/web/pages/x.test.tsx', deep)).toEqual([]);
  });
});

describe('the web app calls the server through lib/api-client.ts', () => {
  const raw = "export const load = () => fetch('/api/v2/wallet/statements');\n";
  it('fails on fetch elsewhere in src/web, as a global or a property', async () => {
    expect(await failures('src/web/features/wallet/statements.tsx', raw)).toContain('no-restricted-globals');
    expect(
      await failures('src/web/lib/offline.ts', "export const load = () => window.fetch('/api/v2/me');\n"),
    ).toContain('no-restricted-properties');
  });

  it('passes the api client itself, a type that names fetch, and tests', async () => {
    expect(await failures('src/web/lib/api-client.ts', raw)).toEqual([]);
    expect(
      await failures('src/web/lib/server-context.ts', 'export interface Ctx {\n  fetch: typeof fetch;\n}\n'),
    ).toEqual([]);
    expect(await failures('src/web/features/wallet/statements.test.tsx', raw)).toEqual([]);
  });
});

describe('auth imports no module', () => {
  it('fails on an import of another module from auth, and passes the server’s own folders', async () => {
    expect(
      await failures(
        'src/server/modules/auth/sessions.repository.ts',
        "export { findUserById } from '../users/index';\n",
      ),
    ).toContain('import-x/no-restricted-paths');
    expect(
      await failures(
        'src/server/modules/auth/sessions.repository.ts',
        "export type { Database } from '../../db/client';\nexport { verifyAccessToken } from './tokens';\n",
      ),
    ).toEqual([]);
  });
});

describe('the rooms of bookings/ build one on another', () => {
  const room = (name: string) => `src/server/modules/bookings/${name}/x.ts`;
  it('fails on a room above, a type import included, and on the module’s root', async () => {
    for (const [file, code] of [
      [room('checkout'), "export type { BookingChanges } from '../changes/booking-changes';\n"],
      [room('booking'), "export { oneCharge } from '../checkout/one-charge';\n"],
      [room('trouble'), "export const load = () => import('../lifecycle/booking-lifecycle');\n"],
      [room('lifecycle'), "export type { BookingsService } from '../bookings.service';\n"],
      [room('booking'), "export { registerBookings } from '../index';\n"],
    ])
      expect(await failures(file!, code!), code).toContain('import-x/no-restricted-paths');
  });

  it('passes a room below and its own room; the root and the tests may use any room', async () => {
    expect(
      await failures(
        room('lifecycle'),
        "export type { BookingCore } from '../booking/booking-core';\nexport { missedDay } from '../trouble/missed-day';\nexport type { ExtraCharge } from '../checkout/extra-charges';\nexport { x } from './cancellation-refunds';\n",
      ),
    ).toEqual([]);
    const anyRoom = "export type { BookingLifecycle } from './lifecycle/booking-lifecycle';\n";
    expect(await failures('src/server/modules/bookings/y.ts', anyRoom)).toEqual([]);
    expect(
      await failures(
        room('booking').replace('x.ts', 'x.test.ts'),
        "export { y } from '../lifecycle/booking-lifecycle';\n",
      ),
    ).toEqual([]);
  });
});

describe('no module reads another off the app', () => {
  it('fails on a decoration a module makes, translations included, read in a module', async () => {
    for (const name of ['bookings', 'translations', 'guideSearch', 'storage']) {
      expect(
        await failures(
          'src/server/modules/reviews/x.ts',
          `export const f = (app: { ${name}: unknown }) => app.${name};\n`,
        ),
      ).toContain('server/no-module-off-app');
    }
    expect(
      await failures(
        'src/server/modules/reviews/x.ts',
        'export class X {\n  constructor(private readonly app: { jobs: unknown }) {}\n  get jobs() {\n    return this.app.jobs;\n  }\n}\n',
      ),
    ).toContain('server/no-module-off-app');
  });

  it('passes the app’s own settings and guards, and server.ts', async () => {
    expect(
      await failures(
        'src/server/modules/reviews/x.ts',
        'export const f = (app: { ctx: unknown; requireAuth: unknown; log: unknown }) => [app.ctx, app.requireAuth, app.log];\n',
      ),
    ).toEqual([]);
    expect(await failures('src/server/server.ts', 'export const f = (app: { jobs: unknown }) => app.jobs;\n')).toEqual(
      [],
    );
  });
});

describe('the web app formats money with src/shared/money-format.ts', () => {
  it('fails on an amount written next to its unit by hand, in a feature or elsewhere', async () => {
    expect(
      await failures('src/web/features/search/components/x.ts', 'export const label = (n: number) => `${n} RMB`;\n'),
    ).toContain('no-restricted-syntax');
    expect(await failures('src/web/lib/x.ts', 'export const label = (n: number) => `¥${n}`;\n')).toContain(
      'no-restricted-syntax',
    );
    expect(await failures('src/web/pages/x.ts', 'export const label = (n: number) => `约 ${n} 元`;\n')).toContain(
      'no-restricted-syntax',
    );
  });

  it('passes the formatter’s answer and prose that names the currency', async () => {
    const code =
      "import { moneyFormat } from '../../../../shared/money-format';\nexport const label = (n: number, c: string) => `${moneyFormat('en').rmb(n)} · prices in RMB (${c})`;\n";
    expect(await failures('src/web/features/search/components/x.ts', code)).toEqual([]);
  });
});

describe('no source file is over 400 lines', () => {
  it('fails on 401 lines and passes 400', async () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `export const v${i} = ${i};`).join('\n') + '\n';
    expect(await failures('src/server/lib/x.ts', lines(401))).toContain('max-lines');
    expect(await failures('src/web/lib/x.test.ts', lines(401))).toContain('max-lines');
    expect(await failures('src/server/lib/x.ts', lines(400))).toEqual([]);
  });
});
