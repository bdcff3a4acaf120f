import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Booking } from '../../../../shared/schemas/bookings';
import type { EligibilityReply } from '../../../../shared/schemas/reviews';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { showLoadFailureToast, showToast } from '../../../lib/toast';
import { DisputeAction } from '../../disputes/components/dispute-action';
import { ReviewAction } from './review-action';

vi.mock('../../../lib/toast', () => ({ showToast: vi.fn(), showLoadFailureToast: vi.fn() }));

function wrap(children: ReactNode) {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <Suspense fallback="loading">{children}</Suspense>
      </MemoryRouter>
    </QueryClientProvider>
  );
}

const booking = (over: Partial<Booking> = {}) =>
  ({
    id: 12,
    bookingNumber: 'TG0012',
    guide: {
      id: 3,
      userId: 9,
      fullName: 'Haruka Tanaka',
      profilePicture: null,
      serviceCity: 'kyoto',
      timeZone: 'Asia/Tokyo',
    },
    traveler: { id: 1, fullName: 'Li Wei', profilePicture: null },
    status: 'completed',
    actions: ['dispute'],
    completedAt: '2026-11-21T10:00:00Z',
    ...over,
  }) as unknown as Booking;

const eligible: EligibilityReply = {
  bookingId: 12,
  canReview: true,
  reason: null,
  type: 'traveler_to_guide',
  fromUserId: 1,
  toUserId: 9,
  reviewBy: '2026-12-05T10:00:00Z',
  myReview: null,
  otherSubmitted: false,
  otherReview: null,
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeAll(async () => {
  await i18nReady;
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

describe('ReviewAction', () => {
  it('asks for a rating, counts characters, sends the review and then waits for the other side', async () => {
    let state: EligibilityReply = eligible;
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url.includes('/eligibility')) return json(state);
      if (url.endsWith('/api/v2/reviews') && init?.method === 'POST') {
        const body = JSON.parse(String(init.body));
        const review = {
          id: 5,
          bookingId: 12,
          type: body.type,
          fromUserId: 1,
          toUserId: 9,
          rating: body.rating,
          content: body.content,
          submittedAt: '2026-11-22T10:00:00Z',
          publishedAt: null,
          subRatings: null,
          photos: [],
          reply: null,
          touredWithGuide: true,
        };
        state = { ...eligible, canReview: false, reason: 'already_reviewed', myReview: review };
        return json({ review, eligibility: state }, 201);
      }
      return json({});
    });
    vi.stubGlobal('fetch', fetchMock);
    render(wrap(<ReviewAction booking={booking()} side="traveler" />));
    fireEvent.click(await screen.findByRole('button', { name: 'Review your guide' }));
    expect(await screen.findByRole('dialog', { name: 'Review Haruka Tanaka' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please select a rating');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    const four = within(screen.getByRole('group', { name: 'Your rating' })).getByRole('radio', { name: '4 stars' });
    fireEvent.click(four);
    expect((four as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
    const text = screen.getByLabelText('Your review (optional)') as HTMLTextAreaElement;
    expect(text.maxLength).toBe(2000);
    fireEvent.change(text, { target: { value: '  Lovely day  ' } });
    expect(screen.getByText('14/2000')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Submit review' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({
      bookingId: 12,
      type: 'traveler_to_guide',
      fromUserId: 1,
      toUserId: 9,
      rating: 4,
      content: 'Lovely day',
    });
    expect(showToast).toHaveBeenCalledWith({ title: 'Review submitted successfully', variant: 'success' });
    expect((await screen.findByRole('status')).textContent).toContain('Waiting for the other side.');
    expect(screen.queryByRole('button', { name: 'Review your guide' })).toBeNull();
  }, 20_000);

  it('says "Failed to submit review" when the server refuses, and keeps the form', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) =>
        init?.method === 'POST' ? json({ code: 'conflict', message: 'x' }, 409) : json(eligible),
      ),
    );
    render(wrap(<ReviewAction booking={booking()} side="traveler" />));
    fireEvent.click(await screen.findByRole('button', { name: 'Review your guide' }));
    fireEvent.click(
      within(await screen.findByRole('group', { name: 'Your rating' })).getByRole('radio', { name: '5 stars' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith({ title: 'Failed to submit review', variant: 'destructive' }),
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('says why when the server refuses the text for its contact details (decision 181)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) =>
        init?.method === 'POST'
          ? json(
              { code: 'contact_details_not_allowed', message: 'x', fields: [{ path: 'content', message: 'phone' }] },
              400,
            )
          : json(eligible),
      ),
    );
    render(wrap(<ReviewAction booking={booking()} side="traveler" />));
    fireEvent.click(await screen.findByRole('button', { name: 'Review your guide' }));
    fireEvent.click(
      within(await screen.findByRole('group', { name: 'Your rating' })).getByRole('radio', { name: '5 stars' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith({
        title: 'Failed to submit review',
        variant: 'destructive',
        description: expect.stringMatching(/^Contact details can't be shown here/),
      }),
    );
  });

  it('shows both reviews once published, in Chinese', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    const mine = {
      id: 5,
      bookingId: 12,
      type: 'guide_to_traveler',
      fromUserId: 9,
      toUserId: 1,
      rating: 5,
      content: '很准时',
      submittedAt: '2026-11-22T10:00:00Z',
      publishedAt: '2026-11-22T11:00:00Z',
      subRatings: null,
      photos: [],
      reply: null,
      touredWithGuide: true,
    };
    const theirs = {
      ...mine,
      id: 6,
      type: 'traveler_to_guide',
      fromUserId: 1,
      toUserId: 9,
      rating: 4,
      content: '地陪很专业',
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json({
          ...eligible,
          type: 'guide_to_traveler',
          canReview: false,
          reason: 'already_reviewed',
          myReview: mine,
          otherSubmitted: true,
          otherReview: theirs,
        }),
      ),
    );
    render(wrap(<ReviewAction booking={booking()} side="guide" />));
    expect(await screen.findByText('地陪很专业')).toBeTruthy();
    expect(screen.getByText('您的评价')).toBeTruthy();
    expect(screen.getByText(/Li Wei 的评价/)).toBeTruthy();
    expect(screen.getByRole('img', { name: '4 星' })).toBeTruthy();
    // The guide may answer the traveler's published review once, from the booking's card.
    fireEvent.click(screen.getByRole('button', { name: '回复' }));
    expect(await screen.findByRole('dialog', { name: /^回复 ?Li Wei$/ })).toBeTruthy();
  });

  it('says when eligibility cannot be checked and offers a retry', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ code: 'internal', message: 'x' }, 500)),
    );
    render(wrap(<ReviewAction booking={booking()} side="traveler" />));
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong');
    expect(showLoadFailureToast).toHaveBeenCalledWith('Unable to check review eligibility');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('renders nothing before the tour is finished', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const { container } = render(wrap(<ReviewAction booking={booking({ status: 'ongoing' })} side="traveler" />));
    expect(container.textContent).toBe('');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('DisputeAction', () => {
  it('needs a reason, refuses other file types with the SPEC message, and opens the dispute with its evidence', async () => {
    const calls: { url: string; method?: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push({ url, method: init?.method, body: init?.body });
        if (url.endsWith('/api/v2/disputes')) return json({ id: 7, bookingId: 12, evidence: [] }, 201);
        return json({ id: 7, bookingId: 12, evidence: [] }, 201);
      }),
    );
    render(wrap(<DisputeAction booking={booking({ status: 'ongoing' })} />));
    fireEvent.click(await screen.findByRole('button', { name: 'Report a problem' }));
    await screen.findByRole('dialog');
    fireEvent.click(screen.getByRole('button', { name: 'Open dispute' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please describe the problem.');

    const input = screen.getByLabelText('Evidence (optional)') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect(
      screen.getByText('Invalid File Type: Please select a valid image (JPEG, PNG, GIF, WEBP) or PDF file.'),
    ).toBeTruthy();
    fireEvent.change(input, {
      target: { files: [new File(['%PDF-1.4'], 'receipt.pdf', { type: 'application/pdf' })] },
    });
    expect(screen.getByText('receipt.pdf')).toBeTruthy();

    // What went wrong, with the evidence that helps and what can come of it (decision 135).
    expect(screen.getByTestId('dispute-outcome').textContent).toBe(
      'Our team reviews every report and contacts both sides.',
    );
    fireEvent.click(screen.getByRole('radio', { name: 'Unsafe driving' }));
    expect(screen.getByTestId('dispute-outcome').textContent).toBe(
      'The guide may not drive travelers until our team has resolved your report.',
    );
    expect(
      screen.getByText("Helpful evidence: where and when, photos or a video, the car's number plate."),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText('What happened?'), { target: { value: 'The guide left after an hour' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open dispute' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/api/v2/disputes/7/evidence'))).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.url.endsWith('/api/v2/disputes'))!.body))).toEqual({
      bookingId: 12,
      category: 'unsafe_driving',
      reason: 'The guide left after an hour',
    });
    expect(calls.find((c) => c.url.endsWith('/evidence'))!.body).toBeInstanceOf(FormData);
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Dispute opened', variant: 'success' })),
    );
  });

  it('is not offered when the server does not allow it, and says a disputed booking is under review', async () => {
    render(wrap(<DisputeAction booking={booking({ status: 'disputed', actions: [] })} />));
    expect((await screen.findByRole('status')).textContent).toContain('Dispute under review');
    cleanup();
    const { container } = render(wrap(<DisputeAction booking={booking({ actions: [] })} />));
    await waitFor(() => expect(container.textContent).toBe(''));
    expect(screen.queryByRole('button')).toBeNull();
  });
});
