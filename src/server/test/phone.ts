import { currentConsents } from '../../shared/legal/documents';
import { nextAddress } from './accounts';
import type { TestApp } from './test-app';

let counter = 0;
/** A fresh mainland China mobile number per call, so one test's codes and counts never meet another's. */
export const nextPhone = () =>
  `+86139${String(Date.now() % 1e5).padStart(5, '0')}${String(++counter).padStart(3, '0')}`;

/** Asks for a code as the web app does, from its own client address unless one is given. */
export function startPhone(t: TestApp, phone: string, opts: { address?: string; lang?: string; token?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: opts.token ? '/api/me/phone/start' : '/api/auth/phone/start',
    payload: { phone },
    remoteAddress: opts.address ?? nextAddress(),
    headers: {
      ...(opts.lang && { 'accept-language': opts.lang }),
      ...(opts.token && { authorization: `Bearer ${opts.token}` }),
    },
  });
}

/** The newest code texted to the number, read where the browser tests read it (GET /api/dev/sms). */
export async function lastCode(t: TestApp, phone: string): Promise<{ code: string; body: string }> {
  const res = await t.app.inject({ method: 'GET', url: `/api/dev/sms?to=${encodeURIComponent(phone)}` });
  const body = (res.json() as { data: { body: string }[] }).data[0]?.body ?? '';
  const code = /\d{6}/.exec(body)?.[0];
  if (!code) throw new Error(`no code texted to ${phone}: ${res.body}`);
  return { code, body };
}

export function verifyPhone(t: TestApp, phone: string, code: string, extra: Record<string, unknown> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/phone/verify',
    payload: { phone, code, ...extra },
    remoteAddress: nextAddress(),
  });
}

/** What a new number's account is made with: the sign-up documents and the name other people see. */
export const withConsents = { consents: currentConsents(), fullName: '王芳' };
