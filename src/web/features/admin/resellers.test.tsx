import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Channel } from '../../../shared/schemas/channels';
import { i18next, i18nReady } from '../../lib/i18n';
import { clearSession, setSession } from '../../lib/session';
import { json, page, user } from './admin-fixtures';

/** The admin console's resellers (decision 201): the four states, and a key that is shown once and then gone. */
beforeAll(async () => {
  await i18nReady;
});
afterEach(async () => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

const live: Channel = {
  id: 1,
  name: 'Trip Partner',
  commissionPercent: 20,
  keyPrefix: 'octo_abcdefg',
  createdAt: '2026-11-20T03:00:00Z',
  keyRotatedAt: null,
  revokedAt: null,
};
const gone: Channel = {
  ...live,
  id: 2,
  name: 'Old Partner',
  keyPrefix: 'octo_zyxwvut',
  revokedAt: '2026-11-22T03:00:00Z',
};
const KEY = 'octo_NEWKEY0123456789abcdefghijklmnopqrstuvwxyzA';
const ROTATED = 'octo_ROTATED123456789abcdefghijklmnopqrstuvwxy';

/** The API as the server answers it, kept in memory: creating, rotating and revoking change what the list reads. */
function channelsServer(start: Channel[], first?: () => Promise<Response>) {
  let rows = [...start];
  let firstRead = first;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (url === '/api/admin/channels' && method === 'GET') {
      const answer = firstRead;
      firstRead = undefined;
      return answer ? answer() : json({ channels: rows });
    }
    if (url === '/api/admin/channels' && method === 'POST') {
      const body = JSON.parse(String(init!.body)) as { name: string; commissionPercent: number };
      const made = { ...live, id: 3, ...body, keyPrefix: KEY.slice(0, 12), createdAt: '2026-11-29T01:00:00Z' };
      rows = [made, ...rows];
      return json({ ...made, apiKey: KEY }, 201);
    }
    const rotate = /^\/api\/admin\/channels\/(\d+)\/rotate$/.exec(url);
    if (rotate && method === 'POST') {
      rows = rows.map((r) =>
        r.id === Number(rotate[1])
          ? { ...r, keyPrefix: ROTATED.slice(0, 12), keyRotatedAt: '2026-11-29T02:00:00Z' }
          : r,
      );
      return json({ ...rows.find((r) => r.id === Number(rotate[1]))!, apiKey: ROTATED });
    }
    const revoke = /^\/api\/admin\/channels\/(\d+)$/.exec(url);
    if (revoke && method === 'DELETE') {
      rows = rows.map((r) => (r.id === Number(revoke[1]) ? { ...r, revokedAt: '2026-11-29T03:00:00Z' } : r));
      return json(rows.find((r) => r.id === Number(revoke[1])));
    }
    if (url.startsWith('/api/admin/audit-log')) return json({ entries: [], nextBefore: null });
    return json({ data: [], total: 0, page: 1, limit: 1 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const calls = (fetchMock: ReturnType<typeof channelsServer>, method: string) =>
  fetchMock.mock.calls.filter(([, i]) => (i?.method ?? 'GET') === method).map(([u, i]) => [String(u), i?.body]);

describe('the resellers page', () => {
  it('is in the console’s navigation, shows a skeleton while loading, then each reseller with its key’s prefix', async () => {
    setSession('t', user(true));
    let answer!: (r: Response) => void;
    channelsServer([live, gone], () => new Promise<Response>((resolve) => (answer = resolve)));
    page('/admin/resellers');
    const link = await screen.findByRole('link', { name: 'Resellers' });
    expect(link.getAttribute('href')).toBe('/admin/resellers');
    expect(link.getAttribute('aria-current')).toBe('page');
    expect(within(screen.getByTestId('resellers-loading')).getByText('Loading…')).toBeTruthy();
    answer(json({ channels: [live, gone] }));
    const rows = await screen.findAllByTestId('reseller');
    expect(screen.queryByTestId('resellers-loading')).toBeNull();
    expect(rows.map((r) => within(r).getByRole('heading').textContent)).toEqual(['Trip Partner', 'Old Partner']);
    expect(rows[0]!.textContent).toContain('20%');
    expect(rows[0]!.textContent).toContain('octo_abcdefg…');
    expect(within(rows[0]!).getByText('Active')).toBeTruthy();
    expect(within(rows[0]!).getByRole('button', { name: 'Rotate key' })).toBeTruthy();
    // A revoked key cannot be rotated or revoked again (the API answers 404): no buttons for it.
    expect(within(rows[1]!).getAllByText('Revoked').length).toBe(2);
    expect(within(rows[1]!).queryByRole('button')).toBeNull();
  });

  it('says when there are none yet', async () => {
    setSession('t', user(true));
    channelsServer([]);
    page('/admin/resellers');
    expect(
      await screen.findByText('No resellers yet. Create the first one above; its key is shown once.'),
    ).toBeTruthy();
    expect(screen.queryAllByTestId('reseller')).toHaveLength(0);
  });

  it('says when the list failed, and reads it again on retry', async () => {
    setSession('t', user(true));
    channelsServer([live], async () => json({ code: 'internal_error', message: 'boom' }, 500));
    page('/admin/resellers');
    expect((await screen.findByRole('alert')).textContent).toContain('That did not work. Please try again.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('reseller')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('a reseller’s key', () => {
  it('is asked for with a checked form, shown once with a copy button, and gone when the dialog closes', async () => {
    setSession('t', user(true));
    const fetchMock = channelsServer([]);
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    page('/admin/resellers');
    await screen.findByText(/No resellers yet/);
    const create = screen.getByRole('button', { name: 'Create reseller' });
    const name = screen.getByLabelText('Name');
    const commission = screen.getByLabelText('Commission');
    fireEvent.change(commission, { target: { value: '101' } });
    fireEvent.click(create);
    // Each error is tied to its field, and the first wrong field takes the focus.
    const nameError = await screen.findByText("Enter the reseller's name.");
    expect(name.getAttribute('aria-describedby')).toContain(nameError.id);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(name);
    const commissionError = screen.getByText('Enter a whole number from 0 to 100.');
    expect(commission.getAttribute('aria-describedby')).toContain(commissionError.id);
    expect(calls(fetchMock, 'POST')).toHaveLength(0);

    fireEvent.change(name, { target: { value: '  Klook  ' } });
    fireEvent.change(commission, { target: { value: '15' } });
    fireEvent.click(create);
    const dialog = await screen.findByRole('dialog');
    expect(calls(fetchMock, 'POST')).toEqual([
      ['/api/admin/channels', JSON.stringify({ name: 'Klook', commissionPercent: 15 })],
    ]);
    expect(within(dialog).getByTestId('new-api-key').textContent).toBe(KEY);
    expect(within(dialog).getByRole('note').textContent).toContain('It will not be shown again');
    expect(within(dialog).getByText('API key for Klook')).toBeTruthy();
    const copy = within(dialog).getByRole('button', { name: 'Copy key' });
    expect(document.activeElement).toBe(copy);
    fireEvent.click(copy);
    expect(await within(dialog).findByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(KEY);
    // The form is empty again for the next one.
    expect((name as HTMLInputElement).value).toBe('');

    fireEvent.click(within(dialog).getByRole('button', { name: 'I have copied the key' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const row = await screen.findByTestId('reseller');
    expect(row.textContent).toContain('Klook');
    expect(row.textContent).toContain(`${KEY.slice(0, 12)}…`);
    expect(document.body.textContent).not.toContain(KEY);
  });

  it('says so when the clipboard refuses, leaving the key to be selected by hand', async () => {
    setSession('t', user(true));
    channelsServer([]);
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) },
    });
    page('/admin/resellers');
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Fliggy' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create reseller' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy key' }));
    expect(await within(dialog).findByText('Could not copy. Select the key and copy it by hand.')).toBeTruthy();
    expect(within(dialog).getByTestId('new-api-key').textContent).toBe(KEY);
  });

  it('is rotated after a confirmation, the new key shown once in the same dialog', async () => {
    setSession('t', user(true));
    const fetchMock = channelsServer([live]);
    page('/admin/resellers');
    fireEvent.click(await screen.findByRole('button', { name: 'Rotate key' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Rotate the key of Trip Partner?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls(fetchMock, 'POST')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Rotate key' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rotate key' }));
    expect((await within(dialog).findByTestId('new-api-key')).textContent).toBe(ROTATED);
    expect(calls(fetchMock, 'POST')).toEqual([['/api/admin/channels/1/rotate', undefined]]);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByTestId('reseller').textContent).toContain(`${ROTATED.slice(0, 12)}…`));
    expect(document.body.textContent).not.toContain(ROTATED);
    // Opened again, the dialog asks afresh: the key it showed is not kept.
    fireEvent.click(screen.getByRole('button', { name: 'Rotate key' }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByTestId('new-api-key')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Rotate key' })).toBeTruthy();
  });

  it('is revoked after a confirmation, and the reseller then reads as revoked with nothing left to do', async () => {
    setSession('t', user(true));
    const fetchMock = channelsServer([live]);
    page('/admin/resellers');
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Revoke the key of Trip Partner?')).toBeTruthy();
    expect(within(dialog).getByText(/The key stops working at once/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls(fetchMock, 'DELETE')).toEqual([['/api/admin/channels/1', undefined]]);
    const row = screen.getByTestId('reseller');
    await waitFor(() => expect(within(row).getAllByText('Revoked')).toHaveLength(2));
    expect(within(row).queryByRole('button')).toBeNull();
  });

  it('reads in Chinese and in Japanese', async () => {
    setSession('t', user(true));
    channelsServer([live]);
    await act(() => i18next.changeLanguage('zh-CN'));
    page('/admin/resellers');
    expect(await screen.findByRole('button', { name: '轮换密钥' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '分销商' })).toBeTruthy();
    expect(screen.getByText('佣金比例', { selector: 'dt' })).toBeTruthy();
    cleanup();
    await act(() => i18next.changeLanguage('ja'));
    page('/admin/resellers');
    expect(await screen.findByRole('button', { name: 'キーを再発行' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '販売パートナー' })).toBeTruthy();
    expect(screen.getByText('無効化', { selector: 'button' })).toBeTruthy();
  });
});

describe('the audit log', () => {
  it('names a reseller’s changes in the reader’s words, with the key only by its prefix', async () => {
    setSession('t', user(true));
    const entry = {
      id: 1,
      admin: { id: 1, username: 'admin' },
      action: 'channel.create',
      entityType: 'channel',
      entityId: 3,
      before: null,
      after: { name: 'Klook', commissionPercent: 15, keyPrefix: 'octo_abcdefg' },
      note: null,
      createdAt: '2026-11-29T01:00:00Z',
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).startsWith('/api/admin/audit-log')
          ? json({ entries: [entry], nextBefore: null })
          : json({ data: [], total: 0, page: 1, limit: 1 }),
      ),
    );
    page('/admin/audit');
    const row = await screen.findByTestId('audit-entry');
    expect(row.textContent).toContain('Reseller created');
    expect(row.textContent).toContain('Reseller #3');
    expect(row.textContent).toContain('Commission (%): — → 15');
    expect(row.textContent).toContain('Key starts with: — → octo_abcdefg');
    expect(screen.getByRole('option', { name: 'Reseller' })).toBeTruthy();
  });
});
