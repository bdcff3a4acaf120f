import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { PayoutBatch } from '../../../shared/schemas/payouts';
import type { User } from '../../../shared/schemas/user';
import { createQueryClient } from '../../lib/query-client';
import { Component as AdminPage } from '../../pages/admin';

// What the admin console's tests share: a JSON reply, a signed-in user, a bank batch and the page itself.

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const user = (isAdmin: boolean): User => ({
  id: isAdmin ? 1 : 2,
  username: isAdmin ? 'admin' : 'traveler',
  fullName: 'Someone',
  email: 'x@example.com',
  phone: null,
  hasPassword: true,
  role: 'traveler',
  joinedDate: '2026-01-01',
  readReceiptsEnabled: true,
  profilePicture: null,
  backgroundImage: null,
  isGuide: false,
  isAdmin,
  nickname: null,
  bio: null,
  gender: null,
  age: null,
  city: null,
  mbti: null,
  identityVerified: false,
  emailUpdates: false,
  locale: null,
  guideStatus: {
    shouldShowRoleSwitch: false,
    shouldShowBecomeGuideButton: true,
    shouldShowViewApplicationButton: false,
  },
});

/** A bank batch the weekly run formed, waiting for the admin's rate (decision 130). */
export const awaitingBatch: PayoutBatch = {
  id: 7,
  kind: 'bank',
  status: 'awaiting_rate',
  transferDate: null,
  jpyPerCny: null,
  formedForWeek: '2026-11-23',
  lineCount: 1,
  pendingCount: 1,
  totals: [{ currency: 'CNY', amountCents: 12_345 }],
  totalYen: null,
  createdAt: '2026-11-24T01:00:00Z',
  lines: [
    {
      id: 70,
      withdrawalId: 700,
      userId: 3,
      username: 'guide',
      amountCents: 12_345,
      currency: 'CNY',
      amountYen: null,
      status: 'pending',
      withdrawalStatus: 'approved',
      accountName: 'Yamada Taro',
      accountNumber: '1234567',
      bankCode: '0001',
      bankName: 'みずほ',
      branchCode: '001',
      branchName: '東京営業部',
      accountHolderKana: 'ﾔﾏﾀﾞ ﾀﾛｳ',
      failureReason: null,
      decidedAt: null,
    },
  ],
};

export function page(path: string) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Suspense fallback="loading">
          <Routes>
            <Route path="/admin/*" element={<AdminPage />} />
            <Route path="/admin" element={<AdminPage />} />
          </Routes>
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
