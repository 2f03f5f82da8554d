import type { LoginResult } from '@houtai/shared/contract/auth';
import { request, unwrap } from '../../../lib/http.ts';

/** POST /sys/loginByAdmin: an administrator signs in as another user (needs system:user:loginByAdmin). */
export async function loginByAdmin(username: string): Promise<LoginResult> {
  return unwrap(await request<LoginResult>({ method: 'POST', url: '/sys/loginByAdmin', data: { username } }));
}

/** Ends the administrator's own session once the browser holds the new one; the answer is ignored. */
export async function endSession(token: string): Promise<void> {
  try {
    await request({ method: 'POST', url: '/sys/logout', headers: { 'X-Access-Token': token }, silent: true });
  } catch {
    // Ignored like any logout: the session would time out anyway.
  }
}
