import { isAppPath } from '../../../../shared/app-path';

/**
 * Only same-site paths are honoured as a redirect target (redirect parameter); the test is the shared one
 * (decision 182).
 */
export function safeRedirect(value: string | null): string | null {
  return isAppPath(value) ? value : null;
}
