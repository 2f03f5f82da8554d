import { http } from '../../../lib/http.ts';

export interface PasswordChangeInput {
  username: string;
  password: string;
  phone: string;
  ticket: string;
}

/** POST /sys/user/passwordChange: sets a new password with the ticket of phoneVerification. */
export function passwordChange(input: PasswordChangeInput) {
  return http.post<unknown>('/sys/user/passwordChange', input);
}
