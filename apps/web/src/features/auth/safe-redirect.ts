/** The post-login target from `?redirect=`: only a path inside this app, else the home path. */
import { HOME_PATH, LOGIN_PATH } from '@houtai/shared/constants';

export function safeRedirect(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return HOME_PATH;
  // Going back to the login page would loop.
  if (raw === LOGIN_PATH || raw.startsWith(`${LOGIN_PATH}?`)) return HOME_PATH;
  return raw;
}
