import { useMutation } from '@tanstack/react-query';
import type { ConsentInput } from '../../../../shared/schemas/legal';
import type { Locale } from '../../../../shared/locales';
import type { AuthReply } from '../../../../shared/schemas/user';
import { apiRequest } from '../../../lib/api-client';

export interface PhoneStartReply {
  expiresInSeconds: number;
  resendAfterSeconds: number;
}

/** Sign-in by phone (decision 147): a code by text message, then the code for a session. */
export function useStartPhoneSignIn() {
  return useMutation({
    mutationFn: (phone: string) =>
      apiRequest<PhoneStartReply>('/api/auth/phone/start', { method: 'POST', body: { phone } }),
  });
}

export interface PhoneVerifyInput {
  phone: string;
  code: string;
  locale: Locale;
  consents?: ConsentInput[];
}

export function useVerifyPhoneSignIn() {
  return useMutation({
    mutationFn: (input: PhoneVerifyInput) =>
      apiRequest<AuthReply>('/api/auth/phone/verify', { method: 'POST', body: input }),
  });
}
