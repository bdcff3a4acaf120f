import { useEffect } from 'react';
import { showLoadFailureToast } from './toast';

/**
 * docs/rules/look-and-language.md names some load failures as toasts ('Failed to fetch guides', 'Unable to check review
 * eligibility'): one each time `failed` turns true; the view keeps its own retry.
 */
export function useFailureToast(failed: boolean, title: string): void {
  useEffect(() => {
    if (failed) showLoadFailureToast(title);
  }, [failed, title]);
}
