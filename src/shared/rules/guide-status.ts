import type { z } from 'zod';
import type { guideStatusSchema } from '../schemas/user';

export type GuideStatus = z.infer<typeof guideStatusSchema>;

/**
 * GuideStatus flags, computed in one place. Until the guide application feature exists
 * the only input is `isGuide`; that feature passes its application's state here and extends the rule
 * (for example: a submitted application shows 'View Application Status' instead of 'Become a Guide').
 */
export interface GuideStatusInput {
  isGuide: boolean;
  /** The user's guide application, when the application feature knows one. */
  application?: { status: string } | null;
}

/**
 * A guide switches roles; anyone else sees 'Become a Guide' until they submit, then 'View Application
 * Status' while the application is pending, changes are requested or it was rejected (the status
 * page says what happens next). A draft never submitted keeps 'Become a Guide'.
 */
export function computeGuideStatus(input: GuideStatusInput): GuideStatus {
  const status = input.application?.status;
  const hasSubmitted = !!status && status !== 'draft';
  return {
    shouldShowRoleSwitch: input.isGuide,
    shouldShowBecomeGuideButton: !input.isGuide && !hasSubmitted,
    shouldShowViewApplicationButton: !input.isGuide && hasSubmitted,
  };
}
