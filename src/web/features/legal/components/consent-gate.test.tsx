import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CURRENT_LEGAL_VERSIONS } from '../../../../shared/legal/documents';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { ConsentGate } from './consent-gate';

beforeAll(async () => {
  await i18nReady;
  await i18next.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const documents = (given: Record<string, string | null>) =>
  (['terms', 'privacy', 'cross_border', 'sensitive_data'] as const).map((kind) => ({
    kind,
    ...CURRENT_LEGAL_VERSIONS[kind],
    askedAt: kind === 'sensitive_data' ? 'identity' : 'signup',
    given: given[kind] ?? null,
  }));

/** A user who consented to every document, the terms at a version older than the current one (decision 124). */
function server() {
  const posted: unknown[] = [];
  let needed = ['terms'];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/api/me/consents') && init?.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        needed = [];
        return json({
          consents: [],
          documents: documents({ terms: CURRENT_LEGAL_VERSIONS.terms.version, privacy: '2', cross_border: '1' }),
          needed,
        });
      }
      if (url.endsWith('/api/me/consents'))
        return json({ consents: [], documents: documents({ terms: 'old', privacy: '2', cross_border: '1' }), needed });
      return json({ code: 'not_found', message: 'x' }, 404);
    }),
  );
  return posted;
}

describe('the consent screen after a new version', () => {
  it('says the terms were updated, asks for the terms alone and records the current version', async () => {
    const posted = server();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/dashboard']}>
          <Suspense fallback="loading">
            <ConsentGate />
          </Suspense>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'We have updated our terms' });
    expect(dialog.textContent).toContain(`Terms of Service — version ${CURRENT_LEGAL_VERSIONS.terms.version}`);
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes).toHaveLength(1);
    // The sensitive-data notice, never given here, is asked by identity verification, not by this screen
    // (decision 131).
    expect(dialog.textContent).not.toContain('sensitive personal information');
    expect(screen.getByRole('checkbox', { name: 'I agree to the Terms of Service' })).toBe(boxes[0]);

    fireEvent.click(screen.getByRole('button', { name: 'Agree and continue' }));
    expect(await screen.findByText('Please tick this box to continue')).toBeTruthy();
    expect(posted).toEqual([]);

    // The box's own link opens the terms over the screen; closing them leaves the screen as it was.
    fireEvent.click(within(boxes[0]!.parentElement!).getByRole('link', { name: 'Terms of Service' }));
    const sheet = await screen.findByRole('dialog', { name: 'Terms of Service' });
    expect(await within(sheet).findByTestId('legal-doc-terms')).toBeTruthy();
    fireEvent.click(within(sheet).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Terms of Service' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'We have updated our terms' })).toBeTruthy();
    expect((boxes[0] as HTMLInputElement).checked).toBe(false);

    fireEvent.click(boxes[0]!);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Agree and continue' }));
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted).toEqual([
      { consents: [{ kind: 'terms', version: CURRENT_LEGAL_VERSIONS.terms.version }], locale: 'en' },
    ]);
  });
});
