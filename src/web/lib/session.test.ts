import { beforeEach, describe, expect, it } from 'vitest';
import type { User } from '../../shared/schemas/user';
import { clearSession, getSession, setSession } from './session';
import { STORAGE_KEYS } from './storage-keys';

const user = { id: 1, username: 'mei', fullName: 'Mei' } as User;

beforeEach(() => localStorage.clear());

describe('session store', () => {
  it('keeps the token and the user together', () => {
    setSession('tok', user);
    expect(getSession()).toEqual({ token: 'tok', user });
    clearSession();
    expect(getSession()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('clears a stored user without a token', () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    expect(getSession()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });

  it('clears a token without a user, and a user that is not JSON', () => {
    localStorage.setItem(STORAGE_KEYS.token, 'tok');
    expect(getSession()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    localStorage.setItem(STORAGE_KEYS.token, 'tok');
    localStorage.setItem(STORAGE_KEYS.user, '{broken');
    expect(getSession()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });
});
