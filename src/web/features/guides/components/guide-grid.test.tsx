import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18next, i18nReady } from '../../../lib/i18n';
import { showLoadFailureToast } from '../../../lib/toast';
import { GuideGrid } from './guide-grid';

vi.mock('../../../lib/toast', () => ({ showLoadFailureToast: vi.fn() }));

beforeAll(async () => {
  await i18nReady;
  await i18next.loadLanguages(['en', 'zh-CN']);
  await i18next.loadNamespaces(['guides', 'common']);
});

describe('GuideGrid', () => {
  it('toasts a failed load with the documented text and keeps a retry on the page', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    const retry = vi.fn();
    render(
      <Suspense>
        <GuideGrid guides={undefined} isLoading={false} isError onRetry={retry} renderCard={() => null} />
      </Suspense>,
    );
    fireEvent.click(await screen.findByRole('button', { name: '重试' }));
    await waitFor(() => expect(showLoadFailureToast).toHaveBeenCalledWith('获取地陪失败'));
    expect(retry).toHaveBeenCalledOnce();
    await act(() => i18next.changeLanguage('en'));
  });
});
