import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorCode } from '../../../../../shared/errors';
import { ApiError } from '../../../../lib/api-client';
import { i18next, i18nReady } from '../../../../lib/i18n';
import { ErrorNote } from './feedback';

/** A failed request reads in the admin's language (decision 198): no raw code beside a sentence that explains it. */
const failed = (code: string) => new ApiError(409, '', { code: code as ErrorCode, message: 'x' });

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['admin']);
});
afterEach(async () => {
  cleanup();
  await act(() => i18next.changeLanguage('en'));
});

describe('ErrorNote', () => {
  it.each([
    ['ja', '銀行バッチの作成と円換算は、日本の銀行営業日にのみ行えます。'],
    ['zh-CN', '银行批次只能在日本的银行工作日生成或换算。'],
  ])('says a known code in words alone (%s)', async (lang, words) => {
    await act(() => i18next.changeLanguage(lang));
    render(<ErrorNote error={failed('not_business_day')} />);
    expect(screen.getByRole('alert').textContent).toBe(words);
  });

  it('labels an unknown code in the reader’s language, for support', async () => {
    await act(() => i18next.changeLanguage('ja'));
    render(<ErrorNote error={failed('something_new')} />);
    expect(screen.getByRole('alert').textContent).toBe(
      '処理できませんでした。もう一度お試しください。（エラーコード：something_new）',
    );
    await act(() => i18next.changeLanguage('en'));
    cleanup();
    render(<ErrorNote error={failed('something_new')} />);
    expect(screen.getByRole('alert').textContent).toMatch(/again\. \(error code: something_new\)$/);
  });
});
