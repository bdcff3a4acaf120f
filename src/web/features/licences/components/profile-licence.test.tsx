import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18next, i18nReady } from '../../../lib/i18n';
import { ProfileLicence } from './profile-licence';

beforeAll(async () => {
  await i18nReady;
});
afterEach(async () => {
  cleanup();
  await act(() => i18next.changeLanguage('en'));
});

const guide = {
  guideDrives: false,
  licenceDetails: {
    kind: 'national' as const,
    region: null,
    registrationNumber: '東京都 第12345号',
    prefecture: 'tokyo',
    languages: ['zh', 'en', 'ko'],
  },
};
const view = () =>
  render(
    <MemoryRouter>
      <Suspense fallback="loading">
        <ProfileLicence guide={guide} />
      </Suspense>
    </MemoryRouter>,
  );

describe('the licence on a guide’s profile', () => {
  it('names the licence languages, not their codes, and says the transport rule in one Chinese sentence', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    view();
    expect(await screen.findByText('执照语种：中文、英语、韩语')).toBeTruthy();
    const rule = screen.getByTestId('profile-licence').textContent ?? '';
    expect(rule).toContain('地陪不收取任何车费。哪些在线支付，哪些现场支付');
  });
  it('in English too', async () => {
    view();
    expect(await screen.findByText('Licensed languages: Chinese, English, Korean')).toBeTruthy();
  });
});
