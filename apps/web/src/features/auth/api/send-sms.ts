import { http } from '../../../lib/http.ts';

/** smsmode of POST /sys/sms: '0' login, '1' register, '2' forgot password. */
export type SmsMode = '0' | '1' | '2';

/** POST /sys/sms: sends a code for the given purpose. */
export function sendSms(mobile: string, smsmode: SmsMode) {
  return http.post<unknown>('/sys/sms', { mobile, smsmode });
}

/** POST /sys/sms with smsmode '0' (login). */
export function sendLoginSms(mobile: string) {
  return sendSms(mobile, '0');
}
