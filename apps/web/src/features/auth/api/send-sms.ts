import { http, unwrap } from '../../../lib/http.ts';

/** smsmode of POST /sys/sms: '0' login, '1' register, '2' forgot password. */
export type SmsMode = '0' | '1' | '2';

/** POST /sys/sms: sends a code for the given purpose; answers the server's message. */
export async function sendSms({ mobile, smsmode }: { mobile: string; smsmode: SmsMode }): Promise<string> {
  const res = await http.post<unknown>('/sys/sms', { mobile, smsmode });
  unwrap(res);
  return res.message;
}
