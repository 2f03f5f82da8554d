import { http, unwrap } from '../../../lib/http.ts';

export interface PasswordChangeInput {
  username: string;
  password: string;
  phone: string;
  ticket: string;
}

/** POST /sys/user/passwordChange: sets a new password with the ticket of phoneVerification. */
export async function passwordChange(input: PasswordChangeInput): Promise<void> {
  unwrap(await http.post<unknown>('/sys/user/passwordChange', input));
}
