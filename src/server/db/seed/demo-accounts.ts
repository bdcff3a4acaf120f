import { hashPassword } from '../../modules/auth/password';
import type { Database } from '../client';
import { users } from '../schema/index';

/** Demo accounts printed at start-up. Their passwords are public: demo data only (SEED=demo). */
export const DEMO_ACCOUNTS = [
  { username: 'traveler', password: 'traveler123', email: 'traveler@demo.tabi', fullName: 'Li Wei', role: 'traveler', isGuide: false, isAdmin: false, city: 'Shanghai' },
  { username: 'guide', password: 'guide1234', email: 'guide@demo.tabi', fullName: 'Sato Yuki', role: 'guide', isGuide: true, isAdmin: false, city: 'Tokyo' },
  { username: 'admin', password: 'admin1234', email: 'admin@demo.tabi', fullName: 'Demo Admin', role: 'traveler', isGuide: false, isAdmin: true, city: 'Tokyo' },
] as const;

export async function seedDemoAccounts(db: Database): Promise<void> {
  for (const account of DEMO_ACCOUNTS) {
    const { password, ...fields } = account;
    await db
      .insert(users)
      .values({ ...fields, passwordHash: await hashPassword(password), readReceiptsEnabled: true })
      .onConflictDoNothing();
  }
}
