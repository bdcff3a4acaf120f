import type { PublicConfig } from '../../../../shared/schemas/support';
import { apiRequest } from '../../../lib/api-client';
import { currentLocale } from '../../../lib/i18n';
import { getSession } from '../../../lib/session';
import { setSupportState } from '../support-store';
import { builtinAdapter } from './builtin';
import { attachCrisp } from './crisp';
import type { SupportAdapter } from './types';

let pending: Promise<SupportAdapter> | undefined;

/**
 * The adapter this deployment uses (GET /api/config/public), resolved once per page load. A
 * third-party widget that does not attach in time, or a config that cannot be read, means the
 * built-in chat.
 */
export function resolveAdapter(): Promise<SupportAdapter> {
  pending ??= (async () => {
    let adapter: SupportAdapter = builtinAdapter;
    let fellBack = false;
    try {
      const config = await apiRequest<PublicConfig>('/api/config/public');
      if (config.support.provider === 'crisp') {
        const user = getSession()?.user;
        const crisp = await attachCrisp(config.support.crispWebsiteId, {
          locale: currentLocale(),
          user: user ? { nickname: user.fullName, email: user.email ?? undefined } : undefined,
          onAttempt: (attachAttempts) => setSupportState({ attachAttempts }),
        });
        if (crisp) adapter = crisp;
        else fellBack = true;
      }
    } catch {
      fellBack = true;
    }
    setSupportState({ adapter: adapter.name, fellBack });
    return adapter;
  })();
  return pending;
}

/** Tests only: forget the resolved adapter. */
export function resetAdapterForTests(): void {
  pending = undefined;
}
