import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OwnItinerary, ProfileReply } from '../../../shared/schemas/guide-business';
import { i18next, i18nReady } from '../../lib/i18n';
import { createQueryClient } from '../../lib/query-client';
import { WrittenIn } from '../guides/components/written-in';
import { ItineraryEditor } from './components/itinerary-editor';
import { ProfileEditor } from './components/profile-editor';

function wrap(children: ReactNode, client = createQueryClient()) {
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Suspense fallback="loading">{children}</Suspense>
      </MemoryRouter>
    </QueryClientProvider>
  );
}
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const profile: ProfileReply = {
  guideId: 3,
  email: 'yuki@example.com',
  fullName: 'Yuki Tanaka',
  nickname: 'Yuki',
  gender: 'female',
  age: 34,
  city: 'Tokyo',
  mbti: 'ENFJ',
  backgroundImage: null,
  serviceCity: 'tokyo',
  residenceZipCode: null,
  experienceYears: 8,
  responseTime: null,
  originalLanguage: 'zh',
  texts: { zh: { bio: '我是由纪' } },
  basicPricePerHourCents: 30_000,
  additionalPricePerPersonCents: 3_000,
  minDurationHours: 2,
  currency: 'CNY',
};

beforeAll(async () => {
  await i18nReady;
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

describe('profile editor', () => {
  it('keeps what the guide is typing when the same profile is fetched again', async () => {
    const fetchMock = vi.fn(async () => json(profile));
    vi.stubGlobal('fetch', fetchMock);
    const client = createQueryClient();
    render(wrap(<ProfileEditor />, client));
    await screen.findByLabelText('Your name');
    fireEvent.keyDown(screen.getByRole('tab', { name: /中文/ }), { key: 'ArrowRight' });
    fireEvent.keyDown(screen.getByRole('tab', { name: /English/ }), { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: /日本語/ }).getAttribute('aria-selected')).toBe('true');
    fireEvent.change(screen.getByLabelText('Bio (Japanese)'), { target: { value: '由紀です（更新）' } });
    const calls = fetchMock.mock.calls.length;
    // Another part of the page invalidates the profile: the same data comes back.
    await act(() => client.refetchQueries());
    expect(fetchMock.mock.calls.length).toBeGreaterThan(calls);
    expect(screen.getByRole('tab', { name: /日本語/ }).getAttribute('aria-selected')).toBe('true');
    expect((screen.getByLabelText('Bio (Japanese)') as HTMLTextAreaElement).value).toBe('由紀です（更新）');
  });

  it('edits the Japanese bio on its tab, formats the zip code and sends every language written', async () => {
    const bodies: Record<string, unknown>[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        if (init?.method === 'PUT') {
          bodies.push(JSON.parse(String(init.body)));
          return json({ ...profile, ...bodies.at(-1) });
        }
        return json(profile);
      }),
    );
    render(wrap(<ProfileEditor />));
    // The name travelers read is the account's name, edited here; the nickname is only a nickname.
    expect(((await screen.findByLabelText('Your name')) as HTMLInputElement).value).toBe('Yuki Tanaka');
    expect((screen.getByLabelText('Nickname') as HTMLInputElement).value).toBe('Yuki');
    fireEvent.change(screen.getByLabelText('Your name'), { target: { value: '田中 由紀' } });
    // Prices belong to the rates editor: shown read-only with a link there.
    expect(screen.getByText('300 RMB')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit in Rates and services' }).getAttribute('href')).toBe('#rates');

    const zh = screen.getByRole('tab', { name: /中文/ });
    expect(zh.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(zh, { key: 'ArrowRight' });
    fireEvent.keyDown(screen.getByRole('tab', { name: /English/ }), { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: /日本語/ }).getAttribute('aria-selected')).toBe('true');
    fireEvent.change(screen.getByLabelText('Bio (Japanese)'), { target: { value: '由紀です' } });
    fireEvent.change(screen.getByLabelText('Residence zip code'), { target: { value: '1110032' } });
    expect((screen.getByLabelText('Residence zip code') as HTMLInputElement).value).toBe('111-0032');
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({
      fullName: '田中 由紀',
      originalLanguage: 'zh',
      residenceZipCode: '111-0032',
      texts: { zh: { bio: '我是由纪' }, ja: { bio: '由紀です' } },
      experienceYears: 8,
    });
    expect(bodies[0]!.texts).not.toHaveProperty('en');
  });

  it('refuses an empty original bio and a short zip code with the SPEC message, before sending', async () => {
    const fetchMock = vi.fn(async () => json(profile));
    vi.stubGlobal('fetch', fetchMock);
    render(wrap(<ProfileEditor />));
    fireEvent.change(await screen.findByLabelText('Bio (Chinese)'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Residence zip code'), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Please enter a valid 7-digit postal code.')).toBeTruthy();
    expect(screen.getByText('Write your bio in Chinese, your original language.')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1); // the load only
  });

  it('reads in Chinese', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(profile)),
    );
    render(wrap(<ProfileEditor />));
    expect(((await screen.findByLabelText('您的名字')) as HTMLInputElement).value).toBe('Yuki Tanaka');
    expect(screen.getByText('300 元')).toBeTruthy();
  });
});

describe('itinerary editor', () => {
  const own: OwnItinerary = {
    id: 9,
    guideId: 3,
    sortOrder: 0,
    durationHours: 4,
    originalLanguage: 'ja',
    stops: [{ time: '10:00' }],
    shopStops: [],
    texts: { ja: { title: '浅草さんぽ', summary: '', stops: [{ title: '浅草寺', description: '' }] } },
  };

  it('adds an itinerary written only in Japanese', async () => {
    const bodies: Record<string, unknown>[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'POST') {
          bodies.push(JSON.parse(String(init.body)));
          return json({ ...own, id: 10 }, 201);
        }
        return json({ data: [own] });
      }),
    );
    render(wrap(<ItineraryEditor />));
    expect(await screen.findByText('浅草さんぽ')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add itinerary' }));
    fireEvent.change(screen.getByLabelText('Original language'), { target: { value: 'ja' } });
    fireEvent.click(screen.getByRole('tab', { name: /日本語/ }));
    fireEvent.change(screen.getByLabelText('Title (Japanese)'), { target: { value: '谷中散歩' } });
    fireEvent.change(screen.getByLabelText('Stop 1: place'), { target: { value: '谷中銀座' } });
    // A shop stop is declared with the itinerary (decision 135); a nameless one is refused first.
    fireEvent.click(screen.getByRole('button', { name: 'Add a shop stop' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save itinerary' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Give each shop a name and 5 to 240 minutes.');
    fireEvent.change(screen.getByLabelText('Shop name'), { target: { value: '谷中 菊見せんべい' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save itinerary' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      durationHours: 3,
      originalLanguage: 'ja',
      stops: [{ time: '10:00' }],
      shopStops: [{ name: '谷中 菊見せんべい', minutes: 30, paidByShop: false }],
      texts: { ja: { title: '谷中散歩', summary: '', stops: [{ title: '谷中銀座', description: '' }] } },
    });
  });

  it('asks before deleting', async () => {
    const deletes: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'DELETE') {
          deletes.push(url);
          return new Response(null, { status: 204 });
        }
        return json({ data: [own] });
      }),
    );
    render(wrap(<ItineraryEditor />));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete 浅草さんぽ' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deletes).toEqual(['/api/v2/guides/me/itineraries/9']));
  });
});

describe('written in', () => {
  it('names a foreign text in the reader language and says nothing for their own', async () => {
    const { rerender } = render(wrap(<WrittenIn language="ja" />));
    expect(await screen.findByText('Written in Japanese')).toBeTruthy();
    rerender(wrap(<WrittenIn language="en" />));
    expect(screen.queryByTestId('written-in')).toBeNull();
    await act(() => i18next.changeLanguage('zh-CN'));
    rerender(wrap(<WrittenIn language="ja" />));
    expect(await screen.findByText('原文为日语')).toBeTruthy();
  });
});
