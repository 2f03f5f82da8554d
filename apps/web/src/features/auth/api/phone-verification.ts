import type { PhoneVerificationResult } from '@houtai/shared/contract/auth';
import { http } from '../../../lib/http.ts';

/** POST /sys/user/phoneVerification: a reset code (smsmode '2') for the account name and a reset ticket. */
export function phoneVerification(input: { phone: string; smscode: string }) {
  return http.post<PhoneVerificationResult>('/sys/user/phoneVerification', input);
}
