import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApplicationLicence } from '../../../shared/schemas/guide-applications';
import { i18next } from '../../lib/i18n';
import { ApplicationWizard } from './components/application-wizard';
import { app, applicationSuite, complete, server, wrap } from './test-helpers';

/**
 * Each page of the application is checked as submitting checks it (decision 198): a page she has left
 * is ticked done only when it holds all that submitting asks of it, and what it lacks (a file's
 * description, a declared licence's number) is said on the field, in her language, before the last page.
 */
applicationSuite();

const file = {
  id: 31,
  fileName: 'card.jpg',
  contentType: 'image/webp',
  sizeBytes: 10,
  description: '',
  uploadedAt: '2026-11-20T00:00:00Z',
  fileUrl: '/x',
};
const step = (n: number) =>
  within(screen.getByRole('navigation', { name: /応募の進み具合|Application progress/ })).getAllByRole('button')[
    n - 1
  ]!;

describe('the application’s steps', () => {
  it('does not tick a page that lacks a file’s description or a licence’s number, and says so on the fields (ja)', async () => {
    await act(() => i18next.changeLanguage('ja'));
    server();
    const licence: ApplicationLicence = { kind: 'national', prefecture: 'kyoto', languages: ['zh'], documentId: 31 };
    render(
      wrap(<ApplicationWizard application={app({ ...complete, licence }, { documents: [file] })} fallbackName="Aoi" />),
    );
    await screen.findByRole('heading', { level: 2, name: '基本情報' });
    // Nothing is said before she leaves the page.
    expect(screen.queryByText('この項目は必須です。')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '次へ' }));
    await screen.findByRole('heading', { level: 2, name: '価値観' });
    expect(step(1).textContent).toContain('未入力の項目あり');
    expect(step(1).textContent).not.toContain('完了');
    fireEvent.click(screen.getByRole('button', { name: '次へ' }));
    // Page 2 holds all it needs: ticked.
    expect(step(2).textContent).toContain('完了');
    fireEvent.click(step(1));
    await screen.findByRole('heading', { level: 2, name: '基本情報' });
    expect(screen.getByLabelText(/card\.jpg の説明/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText(/^登録番号/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('この項目は必須です。')).toHaveLength(2);
  });

  it('ticks a complete page it has left', async () => {
    server();
    render(wrap(<ApplicationWizard application={app(complete)} fallbackName="Aoi" />));
    await screen.findByRole('heading', { level: 2, name: 'Personal details' });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: 'Your values' });
    expect(step(1).textContent).toContain('completed');
    expect(step(1).textContent).not.toContain('answers missing');
  });
});
