import { eq } from 'drizzle-orm';
import { inTransaction, type Database } from '../client';
import { seedSteps } from '../schema/index';
import { seedDemoBookings } from './bookings';
import { seedMultiDayTrip } from './multi-day';
import { seedCatalog } from './catalog';
import { seedDemoConsents, seedDemoSensitiveConsents } from './consents';
import { DEMO_ACCOUNTS, seedDemoAccounts } from './demo-accounts';
import { seedDemoGuideEarnings } from './guide-earnings';
import { seedDemoGuides } from './guides';
import { seedDemoInstantBook } from './instant-book';
import { seedDemoResellers } from './resellers';
import { seedDemoLicence } from './licences';
import { seedDemoMessages } from './messages';
import { seedDemoReceipts } from './receipts';
import { seedDemoPayouts } from './payouts';
import { seedDemoResponsiveness } from './responsiveness';
import { seedDemoUrgentSupport } from './urgent-support';
import { seedDemoReviewTrust } from './review-trust';
import { seedDemoReviewedTours } from './reviewed-tours';
import { seedDemoTripTrouble } from './trip-trouble';

export { DEMO_ACCOUNTS };

interface SeedStep {
  name: string;
  /** Reference data the product needs even when demo data is off (SEED=none). */
  reference: boolean;
  /** `now` is the seeding moment: demo data is placed relative to it (tests pass a fixed clock). */
  run(db: Database, now: Date): Promise<void>;
}

/**
 * Seed steps in order. Each runs once per database, inside a transaction with its bookkeeping row,
 * so later features append steps and existing databases receive them on the next start.
 */
const STEPS: SeedStep[] = [
  { name: 'catalog', reference: true, run: seedCatalog },
  { name: 'demo-accounts', reference: false, run: seedDemoAccounts },
  { name: 'demo-guides', reference: false, run: seedDemoGuides },
  { name: 'demo-bookings', reference: false, run: seedDemoBookings },
  { name: 'demo-multi-day', reference: false, run: seedMultiDayTrip },
  { name: 'demo-messages', reference: false, run: seedDemoMessages },
  { name: 'demo-guide-earnings', reference: false, run: seedDemoGuideEarnings },
  { name: 'demo-responsiveness', reference: false, run: seedDemoResponsiveness },
  { name: 'demo-licence', reference: false, run: seedDemoLicence },
  { name: 'demo-consents', reference: false, run: seedDemoConsents },
  { name: 'demo-receipts', reference: false, run: seedDemoReceipts },
  { name: 'demo-payouts', reference: false, run: seedDemoPayouts },
  { name: 'demo-sensitive-consents', reference: false, run: seedDemoSensitiveConsents },
  { name: 'demo-urgent-support', reference: false, run: seedDemoUrgentSupport },
  { name: 'demo-review-trust', reference: false, run: seedDemoReviewTrust },
  { name: 'demo-trip-trouble', reference: false, run: seedDemoTripTrouble },
  // Last: the tours behind the seeded reviews keep clear of every tour seeded before them.
  { name: 'demo-reviewed-tours', reference: false, run: seedDemoReviewedTours },
  // Decisions 153, 180: guides in Tokyo, Kyoto and Osaka who confirm at once (after the tours above, whose
  // hours it counts: it changes no booking).
  { name: 'demo-instant-book', reference: false, run: seedDemoInstantBook },
  // Decision 201: the demo guide and the instant-booking guides above are sold through resellers.
  { name: 'demo-resellers', reference: false, run: seedDemoResellers },
];

export async function runSeed(db: Database, mode: 'demo' | 'none', now: Date = new Date()): Promise<string[]> {
  const applied: string[] = [];
  for (const step of STEPS) {
    if (mode === 'none' && !step.reference) continue;
    const done = await db.select().from(seedSteps).where(eq(seedSteps.name, step.name));
    if (done.length > 0) continue;
    await inTransaction(db, async (tx) => {
      await step.run(tx, now);
      await tx.insert(seedSteps).values({ name: step.name });
    });
    applied.push(step.name);
  }
  return applied;
}
