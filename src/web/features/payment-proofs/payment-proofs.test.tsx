import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Booking, BookingPayment } from '../../../shared/schemas/bookings';
import type { PaymentProofReply } from '../../../shared/schemas/payment-proofs';
import { i18next, i18nReady } from '../../lib/i18n';
import { createQueryClient } from '../../lib/query-client';
import { PaymentProofBadge } from './components/payment-proof-badge';
import { ProofUploadForm } from './components/proof-upload-form';
import { ProofsToCheck } from './components/proofs-to-check';

function wrap(children: ReactNode) {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <Suspense fallback="loading">{children}</Suspense>
      </MemoryRouter>
    </QueryClientProvider>
  );
}

const finalPayment = (flags: Partial<BookingPayment>): BookingPayment => ({
  id: 7,
  kind: 'final_payment',
  method: 'cash',
  provider: 'in_person',
  status: 'pending',
  amountCents: 79_200,
  refundedCents: 0,
  currency: 'CNY',
  last4: null,
  proofUploadedByTraveler: true,
  verifiedByGuide: false,
  createdAt: '2026-12-10T05:00:00Z',
  ...flags,
});
const booking = (status: Booking['status'], payments: BookingPayment[] = []) => ({ id: 5, status, payments });

const reply: PaymentProofReply = {
  bookingId: 5,
  bookingNumber: 'TG0005',
  bookingStatus: 'ongoing',
  viewer: 'traveler',
  status: 'uploaded',
  amountCents: 79_200,
  currency: 'CNY',
  canUpload: true,
  canVerify: false,
  proof: null,
};

beforeAll(async () => {
  await i18nReady;
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

const file = (name: string, type: string, size = 100) => {
  const f = new File([new Uint8Array(Math.min(size, 1024))], name, { type });
  if (size > 1024) Object.defineProperty(f, 'size', { value: size });
  return f;
};

describe('PaymentProofBadge', () => {
  it.each([
    ['none', booking('ongoing'), '+ upload payment proof'],
    ['uploaded', booking('ongoing', [finalPayment({})]), 'Proof uploaded · awaiting check'],
    [
      'verified',
      booking('completed', [finalPayment({ verifiedByGuide: true, status: 'succeeded' })]),
      'Payment verified',
    ],
  ])('%s: shows its words and links to the proof page', async (status, b, text) => {
    render(wrap(<PaymentProofBadge booking={b} />));
    const link = await screen.findByRole('link', { name: text });
    expect(link.getAttribute('href')).toBe('/booking/5/payment-proof');
    expect(link.querySelector('[data-proof-status]')?.getAttribute('data-proof-status')).toBe(status);
  });

  it('is absent before the tour has begun, and in Chinese once it has', async () => {
    const { container } = render(wrap(<PaymentProofBadge booking={booking('upcoming')} />));
    await waitFor(() => expect(container.textContent).not.toContain('loading'));
    expect(container.querySelector('a')).toBeNull();
    cleanup();
    await act(() => i18next.changeLanguage('zh-CN'));
    render(wrap(<PaymentProofBadge booking={booking('ongoing')} />));
    expect(await screen.findByRole('link', { name: '+ 上传付款凭证' })).toBeTruthy();
  });
});

describe('ProofUploadForm', () => {
  it('refuses a wrong type and a file over 10MB before sending, in both languages', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    render(wrap(<ProofUploadForm bookingId={5} replacing={false} />));
    const input = await screen.findByLabelText('Photo or PDF of your payment');
    fireEvent.change(input, { target: { files: [file('notes.txt', 'text/plain')] } });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Invalid File Type: Please select a valid image (JPEG, PNG, GIF, WEBP) or PDF file.',
    );
    fireEvent.change(input, { target: { files: [file('huge.jpg', 'image/jpeg', 11 * 1024 * 1024)] } });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The file is larger than 10MB. Please choose a smaller one.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Upload proof' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please choose a photo or PDF first.');
    expect(fetchMock).not.toHaveBeenCalled();

    cleanup();
    await act(() => i18next.changeLanguage('zh-CN'));
    render(wrap(<ProofUploadForm bookingId={5} replacing={false} />));
    const zhInput = await screen.findByLabelText('付款照片或 PDF');
    fireEvent.change(zhInput, { target: { files: [file('a.svg', 'image/svg+xml')] } });
    expect((await screen.findByRole('alert')).textContent).toBe(
      '文件类型无效：请选择有效的图片（JPEG、PNG、GIF、WEBP）或 PDF 文件。',
    );
  });

  it('previews the chosen image, shows Uploading... while sending it as multipart, and shows the server’s refusal', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }));
    let finish: (r: Response) => void = () => {};
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (finish = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    render(wrap(<ProofUploadForm bookingId={5} replacing={false} />));
    fireEvent.change(await screen.findByLabelText('Photo or PDF of your payment'), {
      target: { files: [file('receipt.png', 'image/png')] },
    });
    expect(screen.getByAltText('Preview of the selected file').getAttribute('src')).toBe('blob:preview');
    fireEvent.click(screen.getByRole('button', { name: 'Upload proof' }));
    expect(await screen.findByRole('button', { name: 'Uploading...' })).toHaveProperty('disabled', true);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v2/bookings/5/payment-proof');
    expect(init.method).toBe('POST');
    expect(init.body).toBeInstanceOf(FormData);
    expect((init.body as FormData).get('file')).toHaveProperty('name', 'receipt.png');
    finish(
      new Response(JSON.stringify({ code: 'invalid_file_type', message: 'x' }), {
        status: 400,
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Invalid File Type: Please select a valid image (JPEG, PNG, GIF, WEBP) or PDF file.',
    );
    expect(screen.getByRole('button', { name: 'Upload proof' })).toHaveProperty('disabled', false);
  });
});

describe('ProofsToCheck (guide dashboard)', () => {
  it('lists only proofs waiting for a check, and Mark as verified posts the check', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ ...reply, viewer: 'guide', status: 'verified', canUpload: false }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const base = { bookingNumber: 'TG0005', traveler: { id: 3, fullName: 'Li Wei', profilePicture: null } };
    const list = [
      { ...booking('ongoing', [finalPayment({})]), ...base },
      { ...booking('completed', [finalPayment({ verifiedByGuide: true })]), ...base, id: 6, bookingNumber: 'TG0006' },
      { ...booking('ongoing'), ...base, id: 8, bookingNumber: 'TG0008' },
    ] as unknown as Booking[];
    render(wrap(<ProofsToCheck bookings={list} />));
    expect(await screen.findByRole('heading', { name: 'Payment proofs to check' })).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText('Li Wei · TG0005')).toBeTruthy();
    expect(screen.getByText('Paid in person: 792 RMB')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mark as verified' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[0]).toBe(
      '/api/v2/bookings/5/payment-proof/verify',
    );
  });

  it('shows nothing when no proof waits', async () => {
    const { container } = render(wrap(<ProofsToCheck bookings={[]} />));
    await waitFor(() => expect(container.textContent).toBe(''));
  });
});
