import { describe, expect, it } from 'vitest';
import { LoginThrottle } from './login-throttle';

const limits = { perAccountAndAddress: 3, perAddress: 5, perAccount: 6, windowMs: 60_000, trustMs: 3_600_000 };
const refused = (throttle: LoginThrottle, account: string, address: string) => {
  try {
    throttle.assertAllowed(account, address);
    return false;
  } catch (err) {
    expect((err as { code?: string }).code).toBe('rate_limited');
    return true;
  }
};

describe('LoginThrottle', () => {
  it('pauses one address guessing one account, not the account', () => {
    const t = new LoginThrottle(limits);
    for (let i = 0; i < 3; i++) t.recordFailure('mei', 'attacker');
    expect(refused(t, 'mei', 'attacker')).toBe(true);
    expect(refused(t, 'Mei ', 'attacker')).toBe(true); // the account name is normalised
    expect(refused(t, 'mei', 'home')).toBe(false);
  });

  it('pauses one address spraying many accounts', () => {
    const t = new LoginThrottle(limits);
    for (let i = 0; i < 5; i++) t.recordFailure(`user${i}`, 'sprayer');
    expect(refused(t, 'someone-else', 'sprayer')).toBe(true);
    expect(refused(t, 'someone-else', 'elsewhere')).toBe(false);
  });

  it('stops many addresses guessing one account at the ceiling, except where the owner logged in before', () => {
    const t = new LoginThrottle(limits);
    t.recordSuccess('mei', 'home');
    for (let i = 0; i < 6; i++) t.recordFailure('mei', `bot${i}`);
    expect(refused(t, 'mei', 'new-bot')).toBe(true);
    expect(refused(t, 'mei', 'home')).toBe(false);
  });

  it('a successful login clears that address’s count for the account', () => {
    const t = new LoginThrottle(limits);
    for (let i = 0; i < 2; i++) t.recordFailure('mei', 'home');
    t.recordSuccess('mei', 'home');
    for (let i = 0; i < 2; i++) t.recordFailure('mei', 'home');
    expect(refused(t, 'mei', 'home')).toBe(false);
  });
});
