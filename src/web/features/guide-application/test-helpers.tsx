import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, vi } from 'vitest';
import type {
  ApplicationData,
  ApplicationStatusReply,
  GuideApplication,
} from '../../../shared/schemas/guide-applications';
import { i18next, i18nReady } from '../../lib/i18n';
import { createQueryClient } from '../../lib/query-client';

/**
 * Test-only set-up the application suites share (guide-application.test.tsx, the form and its wizard;
 * application-status.test.tsx): the page with its address shown, a complete draft and the stubbed server.
 */

/** Shows the page's address, for the tests that follow a link or a submission. */
function Where() {
  const loc = useLocation();
  return <output data-testid="where">{`${loc.pathname}${loc.search}`}</output>;
}

export function wrap(children: ReactNode, path = '/become-guide') {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Suspense fallback="loading">
          <Routes>
            <Route
              path="*"
              element={
                <>
                  {children}
                  <Where />
                </>
              }
            />
          </Routes>
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>
  );
}

export const complete: ApplicationData = {
  name: 'Aoi Tanaka',
  age: 31,
  gender: 'female',
  serviceCities: ['tokyo'],
  residenceArea: 'Shibuya',
  residenceZipcode: '150-0002',
  residenceSince: '2015-04',
  occupation: 'Teacher',
  bio: 'Hello',
  languages: ['zh', 'ja'],
  experienceMonths: 42,
  sessionCount: 120,
  ethicsScore: 8,
  ethicsDescription: 'a',
  boundaryScore: 5,
  boundaryDescription: 'b',
  supportiveScore: 2,
  supportiveDescription: 'c',
  interaction: '1',
  favoriteSpot: '2',
  boundaryResponse: '3',
  emotionalHandling: '4',
  selfSymbol: '5',
  targetGroups: ['couple'],
  minPeople: 1,
  maxPeople: 6,
  minDurationHours: 2,
  maxDurationHours: 8,
  currency: 'CNY',
  basicPricePerHourCents: 30_000,
  subcategoryIds: [1],
};

export const app = (data: ApplicationData, extra: Partial<GuideApplication> = {}): GuideApplication => ({
  id: 7,
  status: 'draft',
  data,
  documents: [],
  maxDocuments: 5,
  editable: true,
  reviewNote: null,
  submittedAt: null,
  reviewedAt: null,
  updatedAt: null,
  guideId: null,
  titleProblems: [],
  ...extra,
});

export const TITLE_MESSAGE =
  '「全国通訳案内士」は…これらの語を削除するか、このページの「通訳案内士の資格」で資格を申告してください（審査で登録を確認します）。';
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export function server(opts: { submit?: () => Response; status?: ApplicationStatusReply } = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith('/draft') && init?.method === 'PUT') {
      // As the server answers a save: a protected title not covered by a declared licence is named (decision 171).
      const data = JSON.parse(String(init.body)).data as ApplicationData;
      const titled = data.bio?.includes('全国通訳案内士') && !data.licence?.kind;
      return json(app(data, { titleProblems: titled ? [{ path: 'data.bio', message: TITLE_MESSAGE }] : [] }));
    }
    if (url.endsWith('/submit'))
      return (opts.submit ?? (() => json(app(complete, { status: 'submitted', editable: false }))))();
    if (url.endsWith('/status') && opts.status) return json(opts.status);
    if (url.endsWith('/api/v2/service-categories'))
      return json({
        data: [
          {
            id: 1,
            nameEn: 'Tours',
            nameCn: '游览',
            nameJa: '観光',
            subcategories: [{ id: 1, nameEn: 'City walk', nameCn: '城市漫步', nameJa: '街歩き' }],
          },
        ],
      });
    if (url.endsWith('/api/me')) return json({ code: 'unauthorized', message: 'x' }, 401);
    return json({ code: 'not_found', message: 'x' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Call at a file's top: the namespaces before its tests; after each, no stubbed fetch and English again. */
export function applicationSuite() {
  beforeAll(async () => {
    await i18nReady;
    await i18next.loadNamespaces(['guideApplication', 'support', 'guides']);
  });
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    await act(() => i18next.changeLanguage('en'));
  });
}
