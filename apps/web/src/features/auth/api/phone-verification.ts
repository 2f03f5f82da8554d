import type { PhoneVerificationResult } from '@houtai/shared/contract/auth';
import { http, unwrapResult } from '../../../lib/http.ts';

/** POST /sys/user/phoneVerification: a reset code (smsmode '2') for the account name and a reset ticket. */
export async function phoneVerification(input: { phone: string; smscode: string }): Promise<PhoneVerificationResult> {
  return unwrapResult(await http.post<PhoneVerificationResult>('/sys/user/phoneVerification', input));
}
