import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18next, i18nReady } from '../../lib/i18n';
import { FileField } from './file-field';

beforeAll(async () => {
  await i18nReady;
});
afterEach(async () => {
  cleanup();
  await act(() => i18next.changeLanguage('en'));
});

describe('FileField', () => {
  it('reads in the page’s language, is named by its label, and names the file chosen', async () => {
    await act(() => i18next.changeLanguage('ja'));
    const onFiles = vi.fn();
    render(
      <FileField label="免許証の画像" hint="写真またはPDF" accept="image/png,application/pdf" onFiles={onFiles} />,
    );
    expect(screen.getByText('ファイルを選択')).toBeTruthy();
    expect(screen.getByText('ファイルが選択されていません')).toBeTruthy();
    const input = screen.getByLabelText('免許証の画像') as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(input.accept).toBe('image/png,application/pdf');
    const card = new File(['x'], '通訳案内士登録証.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [card] } });
    expect(onFiles).toHaveBeenCalledWith([card]);
    expect(screen.getByText('通訳案内士登録証.png')).toBeTruthy();
  });

  it('in Chinese, several files are added', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    render(<FileField label="证据" accept="image/png" multiple onFiles={() => undefined} />);
    expect(screen.getByText('添加文件')).toBeTruthy();
    expect((screen.getByLabelText('证据') as HTMLInputElement).multiple).toBe(true);
  });
});
