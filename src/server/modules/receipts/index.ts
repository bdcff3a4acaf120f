import type { AppInstance } from '../../lib/types';
import type { Operator } from '../../operator';
import { receiptsRoutes } from './receipts.routes';
import { ReceiptsService } from './receipts.service';

export type { ReceiptIssuer } from './receipts.service';
export { ReceiptsService } from './receipts.service';
// The demo data's step issues with the same statements (db/seed/receipts.ts).
export { issueCreditNotes, issueReceipts } from './receipts.repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** Receipts and credit notes; tests issue through `receipts.issuer` as the payment paths do. */
    receipts: ReceiptsService;
  }
}

/** What receipts are built from (compose.ts): the operator who issues them and the app's clock. */
export interface ReceiptsNeeds {
  operator: Operator;
  now: () => Date;
}

/**
 * Receipts and credit notes (decision 125). Returns the service; its `issuer` goes to the modules that settle and
 * refund payments.
 */
export function registerReceipts(app: AppInstance, needs: ReceiptsNeeds): ReceiptsService {
  const service = new ReceiptsService(app.ctx.database.db, needs.operator, needs.now);
  app.decorate('receipts', service);
  receiptsRoutes(app, service);
  return service;
}
