import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { isSessionEnd } from './session-guard';

const err = (status: number, body: unknown) => {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return new ApiError(status, text, typeof body === 'object' ? (body as never) : undefined);
};

describe('forced logout (SPEC §8)', () => {
  it('ends the session on TOKEN_EXPIRED, an "expired" text, an unreadable body or a dead session', () => {
    expect(isSessionEnd(err(401, { code: 'TOKEN_EXPIRED', message: 'x' }))).toBe(true);
    expect(isSessionEnd(err(401, { code: 'other', message: 'Your token expired' }))).toBe(true);
    expect(isSessionEnd(err(401, '<html>gateway</html>'))).toBe(true);
    expect(isSessionEnd(err(401, { code: 'unauthorized', message: 'This session has ended' }))).toBe(true);
  });
  it('leaves it alone for wrong credentials and for anything that is not a 401', () => {
    expect(isSessionEnd(err(401, { code: 'invalid_credentials', message: 'no' }))).toBe(false);
    expect(isSessionEnd(err(403, { code: 'forbidden', message: 'expired' }))).toBe(false);
    expect(isSessionEnd(err(500, 'oops'))).toBe(false);
  });
});
