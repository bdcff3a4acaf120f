import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18next, i18nReady } from '../../lib/i18n';
import { MachineTranslated } from './machine-translated';

beforeAll(async () => {
  await i18nReady;
  await i18next.changeLanguage('en');
});

describe('a text by machine translation, the original one tap away (decision 145)', () => {
  it('shows the translation named with its provider, and the original on a tap and back', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    render(
      <MachineTranslated
        original="京都の路地裏をご案内します"
        originalLanguage="ja"
        translated={{ text: '我带您逛京都的小巷', provider: 'DeepL', targetLang: 'zh' }}
      />,
    );
    expect(screen.getByTestId('translated-text').textContent).toContain('我带您逛京都的小巷');
    expect(screen.getByTestId('translated-text').getAttribute('lang')).toBe('zh-CN');
    expect(screen.getByTestId('machine-translated').textContent).toContain('机器翻译 · DeepL');
    fireEvent.click(screen.getByRole('button', { name: '显示原文' }));
    expect(screen.getByTestId('original-text').textContent).toContain('京都の路地裏をご案内します');
    expect(screen.getByTestId('original-text').getAttribute('lang')).toBe('ja');
    fireEvent.click(screen.getByRole('button', { name: '显示译文' }));
    expect(screen.getByTestId('translated-text').textContent).toContain('我带您逛京都的小巷');
    await act(() => i18next.changeLanguage('en'));
  });

  it('names the translation and the way back in Japanese for a Japanese reader', async () => {
    await act(() => i18next.changeLanguage('ja'));
    render(
      <MachineTranslated
        original="明天十点见"
        originalLanguage="zh"
        translated={{ text: '明日10時に会いましょう', provider: 'DeepL', targetLang: 'ja' }}
      />,
    );
    expect(screen.getByTestId('machine-translated').textContent).toContain('機械翻訳 · DeepL');
    fireEvent.click(screen.getByRole('button', { name: '原文を表示' }));
    expect(screen.getByTestId('original-text').textContent).toContain('明天十点见');
    expect(screen.getByTestId('original-text').getAttribute('lang')).toBe('zh-CN');
    await act(() => i18next.changeLanguage('en'));
  });

  it('shows the original as before without a translation, and says so when translation is unavailable', () => {
    const { rerender } = render(
      <MachineTranslated
        original="Meet at the gate"
        originalLanguage="en"
        translated={null}
        translation={{ status: 'pending' }}
      />,
    );
    expect(screen.getByText('Meet at the gate')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByTestId('translation-unavailable')).toBeNull();
    rerender(
      <MachineTranslated
        original="Meet at the gate"
        originalLanguage="en"
        translated={null}
        translation={{ status: 'unavailable' }}
      />,
    );
    expect(screen.getByTestId('translation-unavailable').textContent).toContain('Translation unavailable for now');
  });
});
