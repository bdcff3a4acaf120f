import { act } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupWords } from '../../../../shared/booking/group-words';
import { i18next, i18nReady } from '../../../lib/i18n';
import { groupText } from './group-text';

/** The documents' group (the trip PDF, receipts) reads word for word as the cards' (decision 179). */
beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces('bookings');
});
afterAll(async () => {
  await act(() => i18next.changeLanguage('en'));
});

describe('groupWords', () => {
  const groups = [
    { travelers: 1 },
    { travelers: 3 },
    { travelers: 4, children: 1, infants: 1 },
    { travelers: 3, children: 2 },
    { travelers: 2, infants: 1 },
  ];
  it.each(['en', 'zh-CN', 'ja'] as const)('is the cards’ groupText in %s', async (lng) => {
    await act(() => i18next.changeLanguage(lng));
    for (const g of groups) expect(groupWords(g, lng)).toBe(groupText(i18next.t.bind(i18next), g));
  });
  it('names the family', () => {
    expect(groupWords({ travelers: 4, children: 1, infants: 1 }, 'zh-CN')).toBe('成人 2 位、儿童 1 位、婴儿 1 位');
    expect(groupWords({ travelers: 4, children: 1, infants: 1 }, 'en')).toBe('2 adults, 1 child, 1 infant');
    expect(groupWords({ travelers: 4, children: 1, infants: 1 }, 'ja')).toBe('大人 2名、お子さま 1名、乳幼児 1名');
  });
});
