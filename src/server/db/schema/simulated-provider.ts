import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The simulated payment provider's own record of the charges it made (decision 083), as Stripe keeps
 * its PaymentIntents: keyed by our idempotency key, so a repeated charge returns the first result and
 * reconciliation can ask what happened to a payment whose answer a crash lost. It lives in the
 * product's database only because the simulated provider has no other; nothing but the provider
 * reads it, and no foreign key ties it to our payments.
 */
export const simulatedCharges = pgTable('simulated_charges', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  providerRef: text('provider_ref').notNull().unique(),
  paymentId: integer('payment_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  method: text('method').notNull(),
  status: text('status', { enum: ['succeeded', 'pending', 'failed'] }).notNull(),
  failureCode: text('failure_code'),
  failureMessage: text('failure_message'),
  approvalUrl: text('approval_url'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
