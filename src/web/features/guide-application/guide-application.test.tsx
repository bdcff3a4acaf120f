import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18next } from '../../lib/i18n';
import { ApplicationWizard } from './components/application-wizard';
import { ApiError } from '../../lib/api-client';
import { errorKey, useApplicationDraft } from './api';
import { checkDocument } from './document-check';
import { toData, toForm } from './form';
import { formatZip, zipProblem } from './form-inputs';
import { submitProblems } from './form-problems';
import { app, applicationSuite, complete, json, server, TITLE_MESSAGE, wrap } from './test-helpers';

/**
 * The application form: its rules and the /become-guide wizard. What follows a submission is apart,
 * in application-status.test.tsx.
 */
/** The wizard on the draft as /become-guide reads it: from the cache every save's reply updates. */
function DraftPage() {
  const draft = useApplicationDraft();
  return draft.data ? <ApplicationWizard application={draft.data} fallbackName="岡田 真司" /> : null;
}

applicationSuite();

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
    expect(submitProblems(form, [{ description: '' }])).toEqual([
      'age',
      'bio',
      'documents',
      'selfSymbol',
      'subcategoryIds',
    ]);
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
    expect(
      screen.getByText('Invalid postal code: Please enter a 7-digit Japanese postal code (numbers only).'),
    ).toBeTruthy();
    fireEvent.change(zip, { target: { value: '150' } });
    fireEvent.blur(zip);
    expect(screen.getByText('Please enter a valid 7-digit postal code.')).toBeTruthy();
    expect(zip.getAttribute('aria-invalid')).toBe('true');
    expect(zip.getAttribute('aria-describedby')).toContain(
      screen.getByText('Please enter a valid 7-digit postal code.').id,
    );
  });

  it('in Japanese, names a protected title on the bio once saved, and takes it once her licence is declared, its card chosen among her files', async () => {
    await act(() => i18next.changeLanguage('ja'));
    const fetchMock = server();
    const card = {
      id: 31,
      fileName: 'card.jpg',
      contentType: 'image/webp',
      sizeBytes: 10,
      description: '登録証',
      uploadedAt: '2026-11-20T00:00:00Z',
      fileUrl: '/x',
    };
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
    fireEvent.click(
      within(screen.getByRole('group', { name: '資格の言語' })).getByRole('checkbox', { name: '中国語' }),
    );
    fireEvent.change(screen.getByLabelText('登録証'), { target: { value: '31' } });
    await waitFor(
      () => {
        const saves = fetchMock.mock.calls.filter(([u, i]) => String(u).endsWith('/draft') && i?.method === 'PUT');
        expect(JSON.parse(String(saves.at(-1)?.[1]?.body ?? '{}')).data?.licence).toEqual({
          kind: 'national',
          registrationNumber: '京都府 第2010-0042号',
          prefecture: 'kyoto',
          languages: ['zh'],
          documentId: 31,
        });
      },
      { timeout: 5_000 },
    );
  });

  it('refuses a wrong file type with the SPEC message and states the maximum', async () => {
    server();
    render(wrap(<ApplicationWizard application={app({})} fallbackName="Aoi" />));
    expect(await screen.findByText('Uploaded 0/5')).toBeTruthy();
    const input = screen.getByLabelText('Qualification files');
    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Invalid File Type: Please select a valid image (JPEG, PNG, GIF, WEBP) or PDF file.',
    );
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
        expect(JSON.parse(String(put![1]!.body)).data).toMatchObject({
          name: 'Aoi',
          basicPricePerHourCents: 4_500,
          currency: 'JPY',
        });
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
    expect(
      within(screen.getByRole('navigation', { name: 'Application progress' })).getByRole('button', { current: 'step' })
        .textContent,
    ).toContain('Your values');
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
    render(
      wrap(
        <ApplicationWizard
          application={app({ ...complete, bio: undefined, selfSymbol: undefined })}
          fallbackName="Aoi"
        />,
        '/become-guide?step=5',
      ),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Submit application' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Please confirm declaration');
    expect(alert.textContent).toContain('Please complete the following required fields');
    expect(within(alert).getByRole('link', { name: 'About you' }).getAttribute('href')).toBe('/become-guide?step=1');
    expect(within(alert).getByRole('link', { name: 'A symbol of yourself' }).getAttribute('href')).toBe(
      '/become-guide?step=3',
    );
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
    render(
      wrap(
        <ApplicationWizard
          application={app(complete, { status: 'changes_requested', reviewNote: 'Add your licence' })}
          fallbackName="Aoi"
        />,
        '/become-guide?step=5',
      ),
    );
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
    server({
      submit: () =>
        json(
          {
            code: 'application_incomplete',
            message: 'Please complete the following required fields',
            fields: [
              { path: 'data.bio', message: 'Required' },
              { path: 'documents.0.description', message: 'Required' },
            ],
          },
          400,
        ),
    });
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
    expect(i18next.t('errors.tooManyFiles', { ns: 'guideApplication' })).toBe(
      'You can upload at most 5 qualification files.',
    );
    await act(() => i18next.changeLanguage('zh-CN'));
    expect(i18next.t('errors.declaration', { ns: 'guideApplication' })).toBe('请确认声明');
    expect(i18next.t('errors.tooManyFiles', { ns: 'guideApplication' })).toBe('最多只能上传 5 个资质文件。');
  });

  it('maps age_below_minimum to the minimum-age message', async () => {
    server({
      submit: () =>
        json({ code: 'age_below_minimum', message: 'x', fields: [{ path: 'data.age', message: 'x' }] }, 400),
    });
    render(wrap(<ApplicationWizard application={app(complete)} fallbackName="Aoi" />, '/become-guide?step=5'));
    fireEvent.click(await screen.findByRole('checkbox', { name: /I declare/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit application' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The minimum age for guides is 18');
  });
});
