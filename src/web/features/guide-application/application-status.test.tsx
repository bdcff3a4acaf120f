import { act, cleanup, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApplicationStatusReply } from '../../../shared/schemas/guide-applications';
import { i18next } from '../../lib/i18n';
import { ApplicationStatusView } from './components/status-view';
import { applicationSuite, server, wrap } from './test-helpers';

/**
 * /application-status after a submission, one view per review state; apart from the form that
 * submits (guide-application.test.tsx).
 */
applicationSuite();

describe('/application-status', () => {
  const base: ApplicationStatusReply = {
    status: 'submitted',
    applicationId: 7,
    reviewNote: null,
    submittedAt: '2026-11-22T10:00:00Z',
    reviewedAt: null,
    isGuide: false,
    guideStatus: {
      shouldShowRoleSwitch: false,
      shouldShowBecomeGuideButton: false,
      shouldShowViewApplicationButton: true,
    },
  };

  it('shows a submitted application and what happens next', async () => {
    server({ status: base });
    render(wrap(<ApplicationStatusView />, '/application-status'));
    expect(await screen.findByRole('heading', { name: 'Application submitted' })).toBeTruthy();
    expect(screen.getByText('Submitted on Nov 22, 2026')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'What happens next' })).toBeTruthy();
  });

  it('changes requested: the note and a button to edit', async () => {
    server({
      status: {
        ...base,
        status: 'changes_requested',
        reviewNote: 'Please add your licence',
        reviewedAt: '2026-11-23T10:00:00Z',
      },
    });
    render(wrap(<ApplicationStatusView />, '/application-status'));
    expect(await screen.findByText('Please add your licence')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit application' }).getAttribute('href')).toBe('/become-guide');
  });

  it('rejected (in Chinese): the reason and the support prefill', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    server({ status: { ...base, status: 'rejected', reviewNote: '资料不足' } });
    render(wrap(<ApplicationStatusView />, '/application-status'));
    expect(await screen.findByText('资料不足')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '未通过' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '联系客服' })).toBeTruthy();
  });

  it('approved: a link to the guide dashboard', async () => {
    server({ status: { ...base, status: 'approved', isGuide: true } });
    render(wrap(<ApplicationStatusView />, '/application-status'));
    expect((await screen.findByRole('link', { name: 'Open the guide dashboard' })).getAttribute('href')).toBe(
      '/guide-dashboard',
    );
  });

  it('no application: a prompt to /become-guide; a failed load offers a retry', async () => {
    server({ status: { ...base, status: 'none', applicationId: null, submittedAt: null } });
    render(wrap(<ApplicationStatusView />, '/application-status'));
    expect((await screen.findByRole('link', { name: 'Start your application' })).getAttribute('href')).toBe(
      '/become-guide',
    );
    cleanup();
    server();
    render(wrap(<ApplicationStatusView />, '/application-status'));
    expect((await screen.findByRole('alert')).textContent).toContain('We could not load your application status.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
