import type { ConsentInput } from '../../../shared/schemas/legal';
import type { Database } from '../../db/client';
import type { AppInstance } from '../../lib/types';
import { commerceRoutes, type CommerceNeeds } from './commerce.routes';
import type { ConsentContext } from './consents.repository';
import { assertCurrent, listConsents, recordConsents, requireConsent } from './consents.service';
import { legalRoutes } from './legal.routes';

/**
 * What the law asks the product to show and record: the commerce disclosure (decision 121), the
 * versioned legal documents and the users' consents (decisions 123 and 124). `GET /api/legal/commerce`
 * states the operator and the money rules; `GET /api/legal/documents` serves the current terms,
 * privacy policy, cross-border transfer notice and sensitive-data notice; `/api/me/consents` lists and records the
 * signed-in user's consents. What other modules are handed (compose.ts): the check and the write sign-up needs,
 * inside its own transaction, the list the data export carries, and the check identity verification
 * makes before it takes sensitive data (decision 131).
 */
export interface ConsentBook {
  assertCurrent(list: readonly ConsentInput[]): void;
  record(db: Database, userId: number, list: readonly ConsentInput[], context: ConsentContext): Promise<void>;
  list: typeof listConsents;
  /** 403 consent_required unless the user holds the current version of the kind. */
  require: typeof requireConsent;
}

export type { ConsentContext };

export function registerLegal(app: AppInstance, needs: CommerceNeeds): ConsentBook {
  commerceRoutes(app, needs);
  legalRoutes(app);
  return {
    assertCurrent,
    record: (db, userId, list, context) => recordConsents(db, userId, list, context),
    list: listConsents,
    require: requireConsent,
  };
}
