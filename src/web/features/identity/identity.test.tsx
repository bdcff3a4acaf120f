import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CURRENT_LEGAL_VERSIONS, LEGAL_KINDS } from '../../../shared/legal/documents';
import type { IdentityVerification } from '../../../shared/schemas/identity';
import { i18next, i18nReady } from '../../lib/i18n';
import { createQueryClient } from '../../lib/query-client';
import { VerificationView } from './components/verification-view';
import { checkIdentityFile } from './lib';
import { clearSession, setSession } from '../../lib/session';
import type { User } from '../../../shared/schemas/user';

function wrap(children: ReactNode) {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <Suspense fallback="loading">{children}</Suspense>
      </MemoryRouter>
    </QueryClientProvider>
  );
}

const file = (kind: 'document' | 'selfie') => ({
  kind,
  contentType: 'image/webp',
  sizeBytes: 1234,
  uploadedAt: '2026-11-20T10:00:00Z',
  fileUrl: `/api/v2/identity-verification/files/${kind}?v=1`,
});
const base: IdentityVerification = {
  id: null,
  status: 'none',
  documentKind: null,
  document: null,
  selfie: null,
  editable: true,
  reviewNote: null,
  submittedAt: null,
  reviewedAt: null,
  updatedAt: null,
  identityVerified: false,
  maxBytes: 10 * 1024 * 1024,
};
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const CURRENT = CURRENT_LEGAL_VERSIONS.sensitive_data.version;
/** GET /api/me/consents: the sign-up documents given, the sensitive-data notice at `sensitive` (null: never). */
const consentsReply = (sensitive: string | null) => ({
  consents: [],
  documents: LEGAL_KINDS.map((kind) => ({
    kind,
    ...CURRENT_LEGAL_VERSIONS[kind],
    askedAt: kind === 'sensitive_data' ? 'identity' : 'signup',
    given: kind === 'sensitive_data' ? sensitive : CURRENT_LEGAL_VERSIONS[kind].version,
  })),
  needed: [],
});

/**
 * `sensitive`: the version of the sensitive-data notice the user consented to; the current one unless a test says
 * otherwise.
 */
function server(
  state: IdentityVerification,
  post?: (init: RequestInit) => Response,
  sensitive: string | null = CURRENT,
) {
  let given = sensitive;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith('/api/me/consents') && init?.method === 'POST') {
      given = (JSON.parse(String(init.body)) as { consents: { version: string }[] }).consents[0]!.version;
      return json(consentsReply(given));
    }
    if (url.endsWith('/api/me/consents')) return json(consentsReply(given));
    if (url.includes('/files/'))
      return new Response('RIFF', { status: 200, headers: { 'content-type': 'image/webp' } });
    if (url.endsWith('/api/v2/identity-verification') && !init?.method) return json(state);
    if (post && init?.method === 'POST') return post(init);
    return json({ code: 'not_found', message: 'x' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeAll(async () => {
  await i18nReady;
  // jsdom's Blob is not Node's: object URLs are stubbed.
  URL.createObjectURL = () => 'blob:preview';
  URL.revokeObjectURL = () => undefined;
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

describe('/verify-identity', () => {
  it('explains why and that the files are private; submit stays unavailable until the type and both files are there', async () => {
    server(base);
    render(wrap(<VerificationView />));
    expect(await screen.findByText('Not verified yet')).toBeTruthy();
    expect(screen.getByText(/only you and Tabi staff can see them/)).toBeTruthy();
    expect(screen.getByLabelText('Document type')).toBeTruthy();
    expect(screen.getByLabelText('ID document: Choose a file')).toBeTruthy();
    expect(screen.getByLabelText('Selfie: Choose a file')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Choose the document type and upload both');
  });

  it('uploads a chosen file with the document type and shows the preview from the authorized URL', async () => {
    localStorage.setItem('tabi.token', 'owner-token');
    localStorage.setItem('tabi.user', JSON.stringify({ id: 5, username: 'owner', identityVerified: false }));
    const fetchMock = server(base, () =>
      json({ ...base, id: 1, status: 'draft', documentKind: 'passport', document: file('document') }),
    );
    render(wrap(<VerificationView />));
    fireEvent.change(await screen.findByLabelText('Document type'), { target: { value: 'passport' } });
    const png = new File(['png'], 'passport.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('ID document: Choose a file'), { target: { files: [png] } });
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    await waitFor(() => expect(screen.getByAltText('Your uploaded ID document')).toBeTruthy());
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    const form = post[1]!.body as FormData;
    expect(form.get('documentKind')).toBe('passport');
    expect((form.get('document') as File).name).toBe('passport.png');
    const fileCall = fetchMock.mock.calls.find(([url]) => String(url).includes('/files/document'))!;
    expect((fileCall[1]!.headers as Record<string, string>).Authorization).toBe('Bearer owner-token');
    localStorage.clear();
  });

  it('a My Number Card is asked for its front only, never the back with the number', async () => {
    server(base);
    render(wrap(<VerificationView />));
    fireEvent.change(await screen.findByLabelText('Document type'), { target: { value: 'my_number_card' } });
    expect(screen.getByTestId('my-number-front').textContent).toBe(
      'Upload the front of your My Number Card only. Never upload the back: it shows your Individual Number (マイナンバー), which we do not collect or keep.',
    );
  });

  it('refuses a PDF selfie and an oversized file in the browser, before any upload', async () => {
    expect(checkIdentityFile('selfie', { name: 'me.pdf', type: 'application/pdf', size: 10 })).toBe(
      'errors.selfieType',
    );
    expect(checkIdentityFile('document', { name: 'id.pdf', type: 'application/pdf', size: 10 })).toBeUndefined();
    expect(checkIdentityFile('document', { name: 'id.png', type: 'image/png', size: 11 * 1024 * 1024 })).toBe(
      'errors.size',
    );
    expect(checkIdentityFile('document', { name: 'notes.txt', type: 'text/plain', size: 10 })).toBe('errors.type');
    const fetchMock = server(base);
    render(wrap(<VerificationView />));
    fireEvent.change(await screen.findByLabelText('Selfie: Choose a file'), {
      target: { files: [new File(['%PDF'], 'me.pdf', { type: 'application/pdf' })] },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('The selfie must be a photo: JPEG, PNG, GIF or WEBP.');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('shows the rejection reason with support, and the form to upload again', async () => {
    server({
      ...base,
      id: 1,
      status: 'rejected',
      documentKind: 'passport',
      document: file('document'),
      selfie: file('selfie'),
      reviewNote: 'The photo is blurred',
      reviewedAt: '2026-11-21T10:00:00Z',
    });
    render(wrap(<VerificationView />));
    expect(await screen.findByText('Verification not approved')).toBeTruthy();
    expect(screen.getByTestId('identity-review-note').textContent).toContain('The photo is blurred');
    expect(screen.getByRole('button', { name: 'Contact support' })).toBeTruthy();
    expect(screen.getByLabelText('Selfie: Replace')).toBeTruthy();
  });

  it('shows the changes asked for; submitted is read-only; approved shows the verified badge (in Chinese too)', async () => {
    server({
      ...base,
      id: 1,
      status: 'changes_requested',
      reviewNote: 'Hold the passport next to your face',
      document: file('document'),
      selfie: file('selfie'),
    });
    render(wrap(<VerificationView />));
    expect(await screen.findByText('What to change')).toBeTruthy();
    expect(screen.getByText('Hold the passport next to your face')).toBeTruthy();
    cleanup();

    server({
      ...base,
      id: 1,
      status: 'submitted',
      editable: false,
      documentKind: 'passport',
      document: file('document'),
      selfie: file('selfie'),
      submittedAt: '2026-11-21T10:00:00Z',
    });
    render(wrap(<VerificationView />));
    expect(await screen.findByText('Submitted: under review')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit for review' })).toBeNull();
    expect(screen.getByText('Passport')).toBeTruthy();
    cleanup();

    await act(() => i18next.changeLanguage('zh-CN'));
    server({
      ...base,
      id: 1,
      status: 'approved',
      editable: false,
      identityVerified: true,
      document: file('document'),
      selfie: file('selfie'),
    });
    render(wrap(<VerificationView />));
    expect(await screen.findByText('身份已验证')).toBeTruthy();
    expect(screen.getByTestId('identity-verified-badge').textContent).toBe('已验证');
  });

  it('asks the separate sensitive-data consent before the first upload: a summary, the full notice, an unticked box; uploads stay disabled until it is given', async () => {
    const fetchMock = server(base, undefined, null);
    render(wrap(<VerificationView />));
    const card = await screen.findByTestId('identity-consent');
    expect(card.textContent).toContain('Before your first upload: your consent');
    for (const point of [
      'What: a photo or scan of your ID document',
      'Why: only to check',
      'Who sees them: our staff',
      'Where: stored and reviewed in Japan',
      'How long:',
      'Withdrawing:',
    ])
      expect(card.textContent).toContain(point);
    const link = screen.getByTestId('identity-consent-notice');
    expect(link.getAttribute('href')).toBe('/privacy/sensitive-data');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.textContent).toContain(`version ${CURRENT}`);
    const box = screen.getByRole('checkbox', {
      name: /I separately agree that Tabi Guides processes my ID document and selfie/,
    }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    // The full notice opens over the page (a sheet), not in place of it; the box is untouched.
    fireEvent.click(link);
    const sheet = await screen.findByRole('dialog', { name: 'Notice on sensitive personal information' });
    expect(await within(sheet).findByTestId('legal-doc-sensitive_data')).toBeTruthy();
    fireEvent.click(within(sheet).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(box.checked).toBe(false);
    // Its words are its label: tapping them ticks it, and again unticks it.
    const words = document.querySelector<HTMLLabelElement>(`label[for="${box.id}"]`)!;
    fireEvent.click(words);
    expect(box.checked).toBe(true);
    fireEvent.click(words);
    expect(box.checked).toBe(false);
    const inputs = [
      screen.getByLabelText('ID document: Choose a file'),
      screen.getByLabelText('Selfie: Choose a file'),
      screen.getByLabelText('Document type'),
    ] as HTMLInputElement[];
    for (const input of inputs) expect(input.disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Submit for review' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Agree to the notice above to upload your files.')).toBeTruthy();

    // Not ticked: nothing is recorded.
    fireEvent.click(screen.getByRole('button', { name: 'Agree and continue' }));
    expect(await screen.findByText('Tick this box to continue')).toBeTruthy();
    expect(
      fetchMock.mock.calls.some(([url, init]) => String(url).endsWith('/api/me/consents') && init?.method === 'POST'),
    ).toBe(false);

    fireEvent.click(box);
    expect(box.checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Agree and continue' }));
    await waitFor(() => expect(screen.queryByTestId('identity-consent')).toBeNull());
    const post = fetchMock.mock.calls.find(
      ([url, init]) => String(url).endsWith('/api/me/consents') && init?.method === 'POST',
    )!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({
      consents: [{ kind: 'sensitive_data', version: CURRENT }],
      locale: 'en',
    });
    for (const input of inputs) expect(input.disabled).toBe(false);
    expect((screen.getByRole('button', { name: 'Submit for review' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('names the law of where the person lives: APPI for a guide in Kyoto, in Japanese; PIPL for a traveler from Shanghai', async () => {
    await act(() => i18next.changeLanguage('ja'));
    const guide = {
      id: 5,
      username: 'okada',
      fullName: '岡田 真司',
      role: 'guide',
      isGuide: true,
      phone: '+819031415926',
      email: null,
      hasPassword: false,
      locale: 'ja',
      guideStatus: {
        shouldShowRoleSwitch: true,
        shouldShowBecomeGuideButton: false,
        shouldShowViewApplicationButton: false,
      },
    } as unknown as User;
    setSession('t', guide);
    server(base, undefined, null);
    const view = render(wrap(<VerificationView />));
    const card = await screen.findByTestId('identity-consent');
    expect(card.textContent).toContain('個人情報の保護に関する法律');
    expect(card.textContent).not.toContain('PIPL');
    view.unmount();
    clearSession();
    await act(() => i18next.changeLanguage('zh-CN'));
    server(base, undefined, null);
    render(wrap(<VerificationView />));
    expect((await screen.findByTestId('identity-consent')).textContent).toContain('依照中国《个人信息保护法》（PIPL）');
  });

  it('does not ask a user who holds the current version; asks again, in Chinese too, after a new version', async () => {
    server(base);
    render(wrap(<VerificationView />));
    expect(((await screen.findByLabelText('ID document: Choose a file')) as HTMLInputElement).disabled).toBe(false);
    expect(screen.queryByTestId('identity-consent')).toBeNull();
    cleanup();

    await act(() => i18next.changeLanguage('zh-CN'));
    server({ ...base, id: 1, status: 'draft', document: file('document') }, undefined, 'older');
    render(wrap(<VerificationView />));
    const card = await screen.findByTestId('identity-consent');
    expect(card.textContent).toContain('敏感个人信息处理告知已更新');
    expect(screen.getByRole('checkbox', { name: /我单独同意/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: '同意并继续' })).toBeTruthy();
    expect(((await screen.findByLabelText('身份证件: 替换')) as HTMLInputElement).disabled).toBe(true);
  });

  it('a load failure offers a retry', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ code: 'internal', message: 'x' }, 500)),
    );
    render(wrap(<VerificationView />));
    expect(await screen.findByText('Your verification could not be loaded.', {}, { timeout: 5000 })).toBeTruthy();
  });
});
