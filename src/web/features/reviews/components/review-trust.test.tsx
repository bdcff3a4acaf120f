import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Review } from '../../../../shared/schemas/guides';
import type { EligibilityReply } from '../../../../shared/schemas/reviews';
import type { User } from '../../../../shared/schemas/user';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { clearSession, setSession } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import { ReviewCard } from './review-card';
import { ReviewDialog } from './review-dialog';

vi.mock('../../../lib/toast', () => ({ showToast: vi.fn(), showLoadFailureToast: vi.fn() }));

const wrap = (children: ReactNode) => (
  <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>
);
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
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
const review: Review = {
  id: 5,
  type: 'traveler_to_guide',
  rating: 5,
  content: '第一次去东京，有由纪带路特别安心。',
  fromUserId: 1,
  toUserId: 9,
  reviewerName: 'Li Wei',
  reviewerPicture: null,
  publishedAt: '2026-11-10T10:00:00Z',
  subRatings: { knowledge: 5, communication: 4, punctuality: 5, value: 3 },
  photos: [
    { id: 1, url: '/uploads/review-photos/aaaaaaaaaaaaaaaaaaaaaaaa.webp' },
    { id: 2, url: '/uploads/review-photos/bbbbbbbbbbbbbbbbbbbbbbbb.webp' },
  ],
  reply: null,
  touredWithGuide: true,
};
const photo = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' });

beforeAll(async () => {
  await i18nReady;
});
afterEach(async () => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
  vi.mocked(showToast).mockClear();
  await act(() => i18next.changeLanguage('en'));
});

describe('the review form', () => {
  it('takes the four sub-ratings (all or none) and up to 6 photos, sent one by one after the review', async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: (f: File) => `blob:${f.name}`, revokeObjectURL: () => {} }),
    );
    const calls: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push({ url, body: init?.body });
        if (url.endsWith('/api/v2/reviews'))
          return json({ review: { id: 77 }, eligibility: { ...eligible, canReview: false } }, 201);
        if (url.endsWith('/photos') && calls.filter((c) => c.url.endsWith('/photos')).length === 3)
          return json({ code: 'invalid_file_type', message: 'x' }, 400);
        return json({ id: 77 }, 201);
      }),
    );
    render(wrap(<ReviewDialog eligibility={eligible} otherName="Haruka Tanaka" open onOpenChange={() => {}} />));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(screen.getByRole('group', { name: 'Your rating' })).getByRole('radio', { name: '5 stars' }));
    // One sub-rating alone is refused before anything is sent.
    fireEvent.click(within(screen.getByRole('group', { name: 'Knowledge' })).getByRole('radio', { name: '5 stars' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please rate all four, or clear them');
    expect(calls).toHaveLength(0);
    for (const [group, n] of [
      ['Communication', 4],
      ['Punctuality', 5],
      ['Value', 3],
    ] as const) {
      fireEvent.click(within(screen.getByRole('group', { name: group })).getByRole('radio', { name: `${n} stars` }));
    }
    expect(screen.queryByRole('alert')).toBeNull();

    // Seven chosen, six kept; one removed again.
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((n) => photo(`${n}.jpg`)) } });
    expect(screen.getAllByRole('img', { name: /^Photo \d to upload$/ })).toHaveLength(6);
    expect(dialog.querySelector('input[type=file]')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo 2' }));
    expect(screen.getAllByRole('img', { name: /^Photo \d to upload$/ }).map((i) => i.getAttribute('src'))).toEqual([
      'blob:a.jpg',
      'blob:c.jpg',
      'blob:d.jpg',
      'blob:e.jpg',
      'blob:f.jpg',
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/api/v2/reviews/77/photos'))).toHaveLength(5));
    expect(JSON.parse(String(calls[0]!.body))).toMatchObject({
      rating: 5,
      subRatings: { knowledge: 5, communication: 4, punctuality: 5, value: 3 },
    });
    const sent = calls
      .filter((c) => c.url.endsWith('/photos'))
      .map((c) => ((c.body as FormData).get('file') as File).name);
    expect(sent).toEqual(['a.jpg', 'c.jpg', 'd.jpg', 'e.jpg', 'f.jpg']);
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith({ title: '1 photo could not be uploaded', variant: 'destructive' }),
    );
  }, 20_000);

  it('sends no sub-ratings when none are given, and the guide’s form has neither sub-ratings nor photos', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async (_url: string, init?: RequestInit) => (
          bodies.push(JSON.parse(String(init?.body))),
          json({ review: { id: 1 }, eligibility: eligible }, 201)
        ),
      ),
    );
    const { unmount } = render(
      wrap(<ReviewDialog eligibility={eligible} otherName="Haruka" open onOpenChange={() => {}} />),
    );
    fireEvent.click(
      within(await screen.findByRole('group', { name: 'Your rating' })).getByRole('radio', { name: '4 stars' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).not.toHaveProperty('subRatings');
    unmount();
    render(
      wrap(
        <ReviewDialog
          eligibility={{ ...eligible, type: 'guide_to_traveler' }}
          otherName="Li Wei"
          open
          onOpenChange={() => {}}
        />,
      ),
    );
    await screen.findByRole('dialog');
    expect(screen.queryByRole('group', { name: 'Knowledge' })).toBeNull();
    expect(screen.queryByText('Add photos')).toBeNull();
  });
});

describe('the review card', () => {
  it('shows the mark, sub-ratings, photos with alt text (enlarged on tap) and the reply, in Chinese', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    render(
      wrap(<ReviewCard review={{ ...review, reply: { text: '谢谢您的好评！', repliedAt: '2026-11-11T10:00:00Z' } }} />),
    );
    const card = screen.getByRole('article', { name: 'Li Wei 的评价' });
    expect(within(card).getByText('与该地陪同游过')).toBeTruthy();
    expect(within(card).getByText('沟通').nextSibling?.textContent).toBe('4/5');
    expect(within(card).getByText('性价比').nextSibling?.textContent).toBe('3/5');
    const thumbs = within(card).getAllByRole('img', { name: /^Li Wei ?评价中的第 \d 张照片$/ });
    expect(thumbs.map((i) => i.getAttribute('src'))).toEqual(review.photos.map((p) => p.url));
    fireEvent.click(within(card).getByRole('button', { name: /^放大：Li Wei ?评价中的第 2 张照片$/ }));
    const big = await screen.findByRole('dialog', { name: /^Li Wei ?评价中的第 2 张照片$/ });
    expect(within(big).getByRole('img').getAttribute('src')).toBe(review.photos[1]!.url);
    expect(within(card).getByText('地陪的回复')).toBeTruthy();
    expect(within(card).getByText('谢谢您的好评！')).toBeTruthy();
    // Nobody signed in: no Reply action.
    expect(within(card).queryByRole('button', { name: '回复' })).toBeNull();
  });

  it('offers the reviewed guide one Reply, which posts the text; others and a replied review get none', async () => {
    const calls: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async (url: string, init?: RequestInit) => (
          calls.push({ url, body: JSON.parse(String(init?.body)) }),
          json({ ...review, reply: { text: 'Thanks', repliedAt: 'x' } })
        ),
      ),
    );
    setSession('t', { id: 2, fullName: 'Someone' } as User);
    const { unmount } = render(
      wrap(<ReviewCard review={{ ...review, subRatings: null, photos: [], touredWithGuide: false }} />),
    );
    expect(screen.queryByRole('button', { name: 'Reply' })).toBeNull();
    expect(screen.queryByText('Toured with this guide')).toBeNull();
    unmount();
    setSession('t', { id: 9, fullName: 'Sato Yuki' } as User);
    const replied = render(wrap(<ReviewCard review={{ ...review, reply: { text: 'Done', repliedAt: 'x' } }} />));
    expect(screen.queryByRole('button', { name: 'Reply' })).toBeNull();
    replied.unmount();

    render(wrap(<ReviewCard review={review} />));
    fireEvent.click(screen.getByRole('button', { name: 'Reply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reply to Li Wei' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish reply' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Please write a reply');
    fireEvent.change(within(dialog).getByLabelText('Your reply'), { target: { value: '  Thanks for coming!  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish reply' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      url: expect.stringMatching(/\/api\/v2\/reviews\/5\/reply$/),
      body: { text: 'Thanks for coming!' },
    });
    await waitFor(() => expect(showToast).toHaveBeenCalledWith({ title: 'Reply published', variant: 'success' }));
  });
});
