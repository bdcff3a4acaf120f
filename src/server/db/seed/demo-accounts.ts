import { hashPassword } from '../../modules/auth/password';
import type { Database } from '../client';
import { users } from '../schema/index';

/** Demo accounts printed at start-up. Their passwords are public: demo data only (SEED=demo). */
export const DEMO_ACCOUNTS = [
  {
    username: 'traveler',
    password: 'traveler123',
    email: 'traveler@demo.tabi',
    fullName: 'Li Wei',
    role: 'traveler',
    isGuide: false,
    isAdmin: false,
    city: 'Shanghai',
  },
  {
    username: 'guide',
    password: 'guide1234',
    email: 'guide@demo.tabi',
    fullName: 'Sato Yuki',
    role: 'guide',
    isGuide: true,
    isAdmin: false,
    city: 'Tokyo',
  },
  {
    username: 'admin',
    password: 'admin1234',
    email: 'admin@demo.tabi',
    fullName: 'Demo Admin',
    role: 'traveler',
    isGuide: false,
    isAdmin: true,
    city: 'Tokyo',
  },
] as const;

export async function seedDemoAccounts(db: Database): Promise<void> {
  // scrypt runs in libuv's thread pool: the three hashes at once take the time of one on a first start.
  const hashes = await Promise.all(DEMO_ACCOUNTS.map((a) => hashPassword(a.password)));
  for (const [i, account] of DEMO_ACCOUNTS.entries()) {
    const { password: _password, ...fields } = account;
    await db
      .insert(users)
      .values({ ...fields, passwordHash: hashes[i]!, readReceiptsEnabled: true })
      .onConflictDoNothing();
  }
}
