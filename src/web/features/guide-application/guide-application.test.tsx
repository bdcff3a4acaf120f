import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApplicationData, ApplicationStatusReply, GuideApplication } from '../../../shared/schemas/guide-applications';
import { i18next, i18nReady } from '../../lib/i18n';
import { createQueryClient } from '../../lib/query-client';
import { ApplicationWizard } from './components/application-wizard';
import { ApplicationStatusView } from './components/status-view';
import { ApiError } from '../../lib/api-client';
import { errorKey, useApplicationDraft } from './api';
import { checkDocument } from './document-check';
import { toData, toForm } from './form';
import { formatZip, zipProblem } from './form-inputs';
import { submitProblems } from './form-problems';

function Where() {
  const loc = useLocation();
  return <output data-testid="where">{`${loc.pathname}${loc.search}`}</output>;
}

function wrap(children: ReactNode, path = '/become-guide') {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Suspense fallback="loading">
          <Routes>
            <Route path="*" element={<>{children}<Where /></>} />
          </Routes>
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>
  );
}

const complete: ApplicationData = {
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

const app = (data: ApplicationData, extra: Partial<GuideApplication> = {}): GuideApplication => ({
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

/** The wizard on the draft as /become-guide reads it: from the cache every save's reply updates. */
function DraftPage() {
  const draft = useApplicationDraft();
  return draft.data ? <ApplicationWizard application={draft.data} fallbackName="岡田 真司" /> : null;
}

const TITLE_MESSAGE = '「全国通訳案内士」は…これらの語を削除するか、このページの「通訳案内士の資格」で資格を申告してください（審査で登録を確認します）。';
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function server(opts: { submit?: () => Response; status?: ApplicationStatusReply } = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith('/draft') && init?.method === 'PUT') {
      // As the server answers a save: a protected title not covered by a declared licence is named (decision 171).
      const data = JSON.parse(String(init.body)).data as ApplicationData;
      const titled = data.bio?.includes('全国通訳案内士') && !data.licence?.kind;
      return json(app(data, { titleProblems: titled ? [{ path: 'data.bio', message: TITLE_MESSAGE }] : [] }));
    }
    if (url.endsWith('/submit')) return (opts.submit ?? (() => json(app(complete, { status: 'submitted', editable: false }))))();
    if (url.endsWith('/status') && opts.status) return json(opts.status);
    if (url.endsWith('/api/v2/service-categories')) return json({ data: [{ id: 1, nameEn: 'Tours', nameCn: '游览', nameJa: '観光', subcategories: [{ id: 1, nameEn: 'City walk', nameCn: '城市漫步', nameJa: '街歩き' }] }] });
    if (url.endsWith('/api/me')) return json({ code: 'unauthorized', message: 'x' }, 401);
    return json({ code: 'not_found', message: 'x' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['guideApplication', 'support', 'guides']);
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

describe('guide application form rules', () => {
  it('formats postal codes as 123-4567 and names the SPEC problems', () => {
    expect(formatZip('1500002')).toBe('150-0002');
    expect(formatZip('150-0002')).toBe('150-0002');
    expect(formatZip('15000021')).toBe('150-0002');
    expect(formatZip('150')).toBe('150');
    expect(formatZip('15a')).toBe('15a');
    expect(zipProblem('15a')).toBe('chars');
    expect(zipProblem('150-00')).toBe('digits');
    expect(zipProblem('150-0002')).toBeUndefined();
    expect(zipProblem('')).toBeUndefined();
  });

  it('round-trips a complete draft through the form, money in fen and experience in months', () => {
    const form = toForm(complete);
    expect(form.basicPrice).toBe('300');
    expect([form.experienceYears, form.experienceMonths]).toEqual(['3', '6']);
    expect([form.residenceYear, form.residenceMonth]).toEqual(['2015', '04']);
    expect(toData(form)).toEqual(complete);
    expect(submitProblems(form, [])).toEqual([]);
  });

  it('lists what is missing in page order, an age under 18 and undescribed files', () => {
    const form = toForm({ ...complete, age: 17, bio: undefined, selfSymbol: undefined, subcategoryIds: undefined });
    expect(submitProblems(form, [{ description: '' }])).toEqual(['age', 'bio', 'documents', 'selfSymbol', 'subcategoryIds']);
    // A half-typed postal code is not saved (the draft keeps only valid answers) and counts as missing.
    expect(toData({ ...toForm(complete), residenceZipcode: '150-00' }).residenceZipcode).toBeUndefined();
  });

  it('checks qualification files: JPEG, PNG, GIF, WEBP or PDF up to 10MB', () => {
    expect(checkDocument({ name: 'a.png', type: 'image/png', size: 100 })).toBeUndefined();
    expect(checkDocument({ name: 'a.pdf', type: '', size: 100 })).toBeUndefined();
    expect(checkDocument({ name: 'a.txt', type: 'text/plain', size: 100 })).toBe('errors.fileType');
    expect(checkDocument({ name: 'a.jpg', type: 'image/jpeg', size: 10 * 1024 * 1024 + 1 })).toBe('errors.fileSize');
    expect(checkDocument({ name: 'a.jpg', type: 'image/jpeg', size: 0 })).toBe('errors.fileEmpty');
  });
});

describe('the /become-guide wizard', () => {
  it('formats the postal code while typing and shows both SPEC messages', async () => {
    server();
    render(wrap(<ApplicationWizard application={app({})} fallbackName="Aoi" />));
    const zip = await screen.findByLabelText('Residence postal code');
    fireEvent.change(zip, { target: { value: '1500002' } });
    expect((zip as HTMLInputElement).value).toBe('150-0002');
    fireEvent.change(zip, { target: { value: '15a' } });
    expect(screen.getByText('Invalid postal code: Please enter a 7-digit Japanese postal code (numbers only).')).toBeTruthy();
    fireEvent.change(zip, { target: { value: '150' } });
    fireEvent.blur(zip);
    expect(screen.getByText('Please enter a valid 7-digit postal code.')).toBeTruthy();
    expect(zip.getAttribute('aria-invalid')).toBe('true');
    expect(zip.getAttribute('aria-describedby')).toContain(screen.getByText('Please enter a valid 7-digit postal code.').id);
  });

  it('in Japanese, names a protected title on the bio once saved, and takes it once her licence is declared, its card chosen among her files', async () => {
    await act(() => i18next.changeLanguage('ja'));
    const fetchMock = server();
    const card = { id: 31, fileName: 'card.jpg', contentType: 'image/webp', sizeBytes: 10, description: '登録証', uploadedAt: '2026-11-20T00:00:00Z', fileUrl: '/x' };
    // The draft read as the page reads it (a save's reply replaces it in the cache); every save's reply keeps the card.
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).endsWith('/draft') && !init?.method) return json(app({}, { documents: [card] }));
      const reply = await answer(input, init);
      return String(input).endsWith('/draft') ? json({ ...(await reply.json()), documents: [card] }) : reply;
    });
    render(wrap(<DraftPage />));
    const bio = await screen.findByLabelText(/^自己紹介/);
    fireEvent.change(bio, { target: { value: '全国通訳案内士として京都を案内します。' } });
    expect(await screen.findByText(TITLE_MESSAGE, {}, { timeout: 5_000 })).toBeTruthy();
    expect(bio.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(screen.getByLabelText('通訳案内士の資格'), { target: { value: 'national' } });
    await waitFor(() => expect(bio.getAttribute('aria-invalid')).toBeNull(), { timeout: 5_000 });
    fireEvent.change(screen.getByLabelText('登録番号'), { target: { value: '京都府 第2010-0042号' } });
    fireEvent.change(screen.getByLabelText('登録先の都道府県'), { target: { value: 'kyoto' } });
    fireEvent.click(within(screen.getByRole('group', { name: '資格の言語' })).getByRole('checkbox', { name: '中国語' }));
    fireEvent.change(screen.getByLabelText('登録証'), { target: { value: '31' } });
    await waitFor(() => {
      const saves = fetchMock.mock.calls.filter(([u, i]) => String(u).endsWith('/draft') && i?.method === 'PUT');
      expect(JSON.parse(String(saves.at(-1)?.[1]?.body ?? '{}')).data?.licence).toEqual({ kind: 'national', registrationNumber: '京都府 第2010-0042号', prefecture: 'kyoto', languages: ['zh'], documentId: 31 });
    }, { timeout: 5_000 });
  });

  it('refuses a wrong file type with the SPEC message and states the maximum', async () => {
    server();
    render(wrap(<ApplicationWizard application={app({})} fallbackName="Aoi" />));
    expect(await screen.findByText('Uploaded 0/5')).toBeTruthy();
    const input = screen.getByLabelText('Qualification files');
    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect((await screen.findByRole('alert')).textContent).toContain('Invalid File Type: Please select a valid image (JPEG, PNG, GIF, WEBP) or PDF file.');
  });

  it('flags an age under 18 once the field is left', async () => {
    server();
    render(wrap(<ApplicationWizard application={app({})} fallbackName="Aoi" />));
    const age = await screen.findByLabelText('Age');
    fireEvent.change(age, { target: { value: '17' } });
    fireEvent.blur(age);
    expect(screen.getByText('The minimum age for guides is 18')).toBeTruthy();
  });

  it('saves the draft by itself shortly after a change (only valid answers, money in the minor unit of its currency)', async () => {
    const fetchMock = server();
    render(wrap(<ApplicationWizard application={app({})} fallbackName="Aoi" />, '/become-guide?step=4'));
    fireEvent.change(await screen.findByLabelText('Price of an hour for one traveler'), { target: { value: '4500' } });
    await waitFor(
      () => {
        const put = fetchMock.mock.calls.find(([u, init]) => String(u).endsWith('/draft') && init?.method === 'PUT');
        expect(put).toBeTruthy();
        expect(JSON.parse(String(put![1]!.body)).data).toMatchObject({ name: 'Aoi', basicPricePerHourCents: 4_500, currency: 'JPY' });
      },
      { timeout: 4000 },
    );
    await waitFor(() => expect(screen.getByTestId('save-state').textContent).toMatch(/Draft saved at \d\d:\d\d/));
  });

  it('moves between pages with Next and Back, and the step indicator marks the current one', async () => {
    server();
    render(wrap(<ApplicationWizard application={app(complete)} fallbackName="Aoi" />));
    expect(await screen.findByRole('heading', { level: 2, name: 'Personal details' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Your values' })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/become-guide?step=2');
    expect(within(screen.getByRole('navigation', { name: 'Application progress' })).getByRole('button', { current: 'step' }).textContent).toContain('Your values');
    // Scores 1–9 with their band.
    expect(screen.getByText('Your score: 8 (7–9 · Strong)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Personal details' })).toBeTruthy();
  });

  it('does not submit without the declaration, and lists missing fields with links to their page', async () => {
    const fetchMock = server();
    // Frames are drawn when this test says: the alert's focus, asked for on the next frame, must not
    // take focus back from the field a 'fix this' link went to before that frame (seen under load).
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    render(wrap(<ApplicationWizard application={app({ ...complete, bio: undefined, selfSymbol: undefined })} fallbackName="Aoi" />, '/become-guide?step=5'));
    fireEvent.click(await screen.findByRole('button', { name: 'Submit application' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Please confirm declaration');
    expect(alert.textContent).toContain('Please complete the following required fields');
    expect(within(alert).getByRole('link', { name: 'About you' }).getAttribute('href')).toBe('/become-guide?step=1');
    expect(within(alert).getByRole('link', { name: 'A symbol of yourself' }).getAttribute('href')).toBe('/become-guide?step=3');
    expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/submit'))).toBe(false);
    fireEvent.click(within(alert).getByRole('link', { name: 'A symbol of yourself' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Your answers' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('A symbol of yourself')));
    act(() => frames.splice(0).forEach((cb) => cb(0)));
    expect(document.activeElement).toBe(screen.getByLabelText('A symbol of yourself'));
    expect(screen.getByLabelText('A symbol of yourself').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('This field is required.')).toBeTruthy();
  });

  it('submits with the declaration and goes to /application-status', async () => {
    const fetchMock = server();
    render(wrap(<ApplicationWizard application={app(complete)} fallbackName="Aoi" />, '/become-guide?step=5'));
    fireEvent.click(await screen.findByRole('checkbox', { name: /I declare/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit application' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/application-status'));
    const submit = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/submit'));
    expect(JSON.parse(String(submit![1]!.body))).toEqual({ declaration: true });
  });

  it('after changes were requested, shows the note and saves before submitting again (only a draft can be submitted)', async () => {
    const fetchMock = server();
    render(wrap(<ApplicationWizard application={app(complete, { status: 'changes_requested', reviewNote: 'Add your licence' })} fallbackName="Aoi" />, '/become-guide?step=5'));
    expect(await screen.findByText('Note from our team: Add your licence')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: /I declare/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit application' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/application-status'));
    const calls = fetchMock.mock.calls.map(([u, init]) => `${init?.method ?? 'GET'} ${String(u)}`);
    const put = calls.indexOf('PUT /api/v2/guide-applications/draft');
    expect(put).toBeGreaterThanOrEqual(0);
    expect(put).toBeLessThan(calls.indexOf('POST /api/v2/guide-applications/submit'));
  });

  it("maps the server's application_incomplete fields, in Chinese", async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    server({ submit: () => json({ code: 'application_incomplete', message: 'Please complete the following required fields', fields: [{ path: 'data.bio', message: 'Required' }, { path: 'documents.0.description', message: 'Required' }] }, 400) });
    render(wrap(<ApplicationWizard application={app(complete)} fallbackName="Aoi" />, '/become-guide?step=5'));
    fireEvent.click(await screen.findByRole('checkbox', { name: /我声明/ }));
    fireEvent.click(screen.getByRole('button', { name: '提交申请' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('请完成以下必填项');
    expect(within(alert).getByRole('link', { name: '个人简介' })).toBeTruthy();
    expect(within(alert).getByRole('link', { name: '每个资质文件的说明' })).toBeTruthy();
  });

  it('maps the error codes to messages in both languages', async () => {
    const err = (code: string, status = 400) => new ApiError(status, '', { code, message: 'x' } as never);
    expect(errorKey(err('too_many_files', 409))).toBe('errors.tooManyFiles');
    expect(errorKey(err('invalid_file_type'))).toBe('errors.fileType');
    expect(errorKey(err('payload_too_large', 413))).toBe('errors.fileSize');
    expect(errorKey(err('storage_unavailable', 503))).toBe('errors.storageUnavailable');
    expect(errorKey(err('invalid_transition', 409))).toBe('errors.locked');
    expect(errorKey(new TypeError('Failed to fetch'))).toBe('errors.network');
    expect(i18next.t('errors.tooManyFiles', { ns: 'guideApplication' })).toBe('You can upload at most 5 qualification files.');
    await act(() => i18next.changeLanguage('zh-CN'));
    expect(i18next.t('errors.declaration', { ns: 'guideApplication' })).toBe('请确认声明');
    expect(i18next.t('errors.tooManyFiles', { ns: 'guideApplication' })).toBe('最多只能上传 5 个资质文件。');
  });

  it('maps age_below_minimum to the minimum-age message', async () => {
    server({ submit: () => json({ code: 'age_below_minimum', message: 'x', fields: [{ path: 'data.age', message: 'x' }] }, 400) });
    render(wrap(<ApplicationWizard application={app(complete)} fallbackName="Aoi" />, '/become-guide?step=5'));
    fireEvent.click(await screen.findByRole('checkbox', { name: /I declare/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit application' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The minimum age for guides is 18');
  });
});

describe('/application-status', () => {
  const base: ApplicationStatusReply = {
    status: 'submitted',
    applicationId: 7,
    reviewNote: null,
    submittedAt: '2026-11-22T10:00:00Z',
    reviewedAt: null,
    isGuide: false,
    guideStatus: { shouldShowRoleSwitch: false, shouldShowBecomeGuideButton: false, shouldShowViewApplicationButton: true },
  };

  it('shows a submitted application and what happens next', async () => {
    server({ status: base });
    render(wrap(<ApplicationStatusView />, '/application-status'));
    expect(await screen.findByRole('heading', { name: 'Application submitted' })).toBeTruthy();
    expect(screen.getByText('Submitted on Nov 22, 2026')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'What happens next' })).toBeTruthy();
  });

  it('changes requested: the note and a button to edit', async () => {
    server({ status: { ...base, status: 'changes_requested', reviewNote: 'Please add your licence', reviewedAt: '2026-11-23T10:00:00Z' } });
    render(wrap(<ApplicationStatusView />, '/application-status'));
    expect(await screen.findByText('Please add your licence')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit application' }).getAttribute('href')).toBe('/become-guide');
  });

  it('rejected (in Chinese): the reason and the support prefill', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    server({ status: { ...base, status: 'rejected', reviewNote: '资料不足' } });
    render(wrap(<ApplicationStatusView />, '/application-status'));
    expect(await screen.findByText('资料不足')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '未通过' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '联系客服' })).toBeTruthy();
  });

  it('approved: a link to the guide dashboard', async () => {
    server({ status: { ...base, status: 'approved', isGuide: true } });
    render(wrap(<ApplicationStatusView />, '/application-status'));
    expect((await screen.findByRole('link', { name: 'Open the guide dashboard' })).getAttribute('href')).toBe('/guide-dashboard');
  });

  it('no application: a prompt to /become-guide; a failed load offers a retry', async () => {
    server({ status: { ...base, status: 'none', applicationId: null, submittedAt: null } });
    render(wrap(<ApplicationStatusView />, '/application-status'));
    expect((await screen.findByRole('link', { name: 'Start your application' })).getAttribute('href')).toBe('/become-guide');
    cleanup();
    server();
    render(wrap(<ApplicationStatusView />, '/application-status'));
    expect((await screen.findByRole('alert')).textContent).toContain('We could not load your application status.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
