import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { IdentityVerification } from '../../../shared/schemas/identity';
import { i18next, i18nReady } from '../../lib/i18n';
import { createQueryClient } from '../../lib/query-client';
import { VerificationView } from './components/verification-view';
import { checkIdentityFile } from './lib';

function wrap(children: ReactNode) {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <Suspense fallback="loading">{children}</Suspense>
      </MemoryRouter>
    </QueryClientProvider>
  );
}

const file = (kind: 'document' | 'selfie') => ({ kind, contentType: 'image/webp', sizeBytes: 1234, uploadedAt: '2026-11-20T10:00:00Z', fileUrl: `/api/v2/identity-verification/files/${kind}?v=1` });
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
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function server(state: IdentityVerification, post?: (init: RequestInit) => Response) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.includes('/files/')) return new Response('RIFF', { status: 200, headers: { 'content-type': 'image/webp' } });
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
    const fetchMock = server(base, () => json({ ...base, id: 1, status: 'draft', documentKind: 'passport', document: file('document') }));
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

  it('refuses a PDF selfie and an oversized file in the browser, before any upload', async () => {
    expect(checkIdentityFile('selfie', { name: 'me.pdf', type: 'application/pdf', size: 10 })).toBe('errors.selfieType');
    expect(checkIdentityFile('document', { name: 'id.pdf', type: 'application/pdf', size: 10 })).toBeUndefined();
    expect(checkIdentityFile('document', { name: 'id.png', type: 'image/png', size: 11 * 1024 * 1024 })).toBe('errors.size');
    expect(checkIdentityFile('document', { name: 'notes.txt', type: 'text/plain', size: 10 })).toBe('errors.type');
    const fetchMock = server(base);
    render(wrap(<VerificationView />));
    fireEvent.change(await screen.findByLabelText('Selfie: Choose a file'), { target: { files: [new File(['%PDF'], 'me.pdf', { type: 'application/pdf' })] } });
    expect((await screen.findByRole('alert')).textContent).toBe('The selfie must be a photo: JPEG, PNG, GIF or WEBP.');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('shows the rejection reason with support, and the form to upload again', async () => {
    server({ ...base, id: 1, status: 'rejected', documentKind: 'passport', document: file('document'), selfie: file('selfie'), reviewNote: 'The photo is blurred', reviewedAt: '2026-11-21T10:00:00Z' });
    render(wrap(<VerificationView />));
    expect(await screen.findByText('Verification not approved')).toBeTruthy();
    expect(screen.getByTestId('identity-review-note').textContent).toContain('The photo is blurred');
    expect(screen.getByRole('button', { name: 'Contact support' })).toBeTruthy();
    expect(screen.getByLabelText('Selfie: Replace')).toBeTruthy();
  });

  it('shows the changes asked for; submitted is read-only; approved shows the verified badge (in Chinese too)', async () => {
    server({ ...base, id: 1, status: 'changes_requested', reviewNote: 'Hold the passport next to your face', document: file('document'), selfie: file('selfie') });
    render(wrap(<VerificationView />));
    expect(await screen.findByText('What to change')).toBeTruthy();
    expect(screen.getByText('Hold the passport next to your face')).toBeTruthy();
    cleanup();

    server({ ...base, id: 1, status: 'submitted', editable: false, documentKind: 'passport', document: file('document'), selfie: file('selfie'), submittedAt: '2026-11-21T10:00:00Z' });
    render(wrap(<VerificationView />));
    expect(await screen.findByText('Submitted: under review')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit for review' })).toBeNull();
    expect(screen.getByText('Passport')).toBeTruthy();
    cleanup();

    await act(() => i18next.changeLanguage('zh-CN'));
    server({ ...base, id: 1, status: 'approved', editable: false, identityVerified: true, document: file('document'), selfie: file('selfie') });
    render(wrap(<VerificationView />));
    expect(await screen.findByText('身份已验证')).toBeTruthy();
    expect(screen.getByTestId('identity-verified-badge').textContent).toBe('已验证');
  });

  it('a load failure offers a retry', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({ code: 'internal', message: 'x' }, 500)));
    render(wrap(<VerificationView />));
    expect(await screen.findByText('Your verification could not be loaded.', {}, { timeout: 5000 })).toBeTruthy();
  });
});
