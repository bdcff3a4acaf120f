import { describe, expect, it } from 'vitest';
import { computeGuideStatus } from './guide-status';

describe('computeGuideStatus', () => {
  it('shows Become a Guide until an application is submitted, then View Application Status', () => {
    expect(computeGuideStatus({ isGuide: false })).toEqual({
      shouldShowRoleSwitch: false,
      shouldShowBecomeGuideButton: true,
      shouldShowViewApplicationButton: false,
    });
    expect(
      computeGuideStatus({ isGuide: false, application: { status: 'draft' } }).shouldShowViewApplicationButton,
    ).toBe(false);
    for (const status of ['submitted', 'under_review', 'changes_requested', 'rejected']) {
      expect(computeGuideStatus({ isGuide: false, application: { status } }), status).toEqual({
        shouldShowRoleSwitch: false,
        shouldShowBecomeGuideButton: false,
        shouldShowViewApplicationButton: true,
      });
    }
  });

  it('gives a guide the role switch and neither application link', () => {
    expect(computeGuideStatus({ isGuide: true, application: { status: 'approved' } })).toEqual({
      shouldShowRoleSwitch: true,
      shouldShowBecomeGuideButton: false,
      shouldShowViewApplicationButton: false,
    });
  });
});
