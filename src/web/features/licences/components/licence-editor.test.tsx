import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { LicenceEditor } from './licence-editor';

beforeAll(async () => {
  await i18nReady;
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const own = { licence: null, insurance: null, guideDrives: false, mayDrive: false };

/** The credentials API: the guide's own (none yet), and a submission answered by `answer`. */
function server(answer: () => Response) {
  const posted: FormData[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posted.push(init.body as FormData);
        return answer();
      }
      return String(input).endsWith('/api/v2/guide/credentials')
        ? json(own)
        : json({ code: 'not_found', message: 'x' }, 404);
    }),
  );
  return posted;
}

const view = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <Suspense fallback="loading">
          <LicenceEditor />
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('the licence form, in Japanese', () => {
  it('offers the examination’s languages by name, sends their codes, and says what went wrong in Japanese', async () => {
    await act(() => i18next.changeLanguage('ja'));
    const posted = server(() => json({ code: 'unsupported_media_type', message: 'Unsupported file type' }, 415));
    view();
    const form = await screen.findByRole('form', { name: 'ガイドの資格' });
    const languages = within(form).getByRole('group', { name: '資格の言語' });
    expect(within(languages).getAllByRole('checkbox')).toHaveLength(10);
    fireEvent.click(within(languages).getByRole('checkbox', { name: '中国語' }));
    fireEvent.click(within(languages).getByRole('checkbox', { name: '英語' }));
    fireEvent.change(within(form).getByLabelText('登録番号'), { target: { value: '京都府 第2019-0042号' } });
    fireEvent.change(within(form).getByLabelText('登録証の写真'), {
      target: { files: [new File(['x'], 'card.heic', { type: 'image/heic' })] },
    });
    fireEvent.click(within(form).getByRole('button', { name: '審査に提出' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.get('languages')).toBe('zh,en');
    expect(await within(form).findByRole('alert')).toHaveProperty(
      'textContent',
      '写真（JPEG、PNG、GIF、WEBP）またはPDFを選んでください。',
    );
  });
});
