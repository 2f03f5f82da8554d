/** GET /sys/user/getUserSettings and PUT /sys/user/saveUserSettings: the signed-in user's display settings. */
import type { ApiResult } from '@houtai/shared/contract/common';
import type { DisplaySettings } from '@houtai/shared/settings';
import { http } from '../../../../lib/http.ts';

/** Failures are reported by the store (settings never block the shell), so the calls are silent. */
export function getUserSettings(): Promise<ApiResult<DisplaySettings>> {
  return http.get<DisplaySettings>('/sys/user/getUserSettings', undefined, { silent: true });
}

/** `keepalive` when sent as the page goes away, so the save is not cancelled with it. */
export function saveUserSettings(settings: DisplaySettings, keepalive = false): Promise<ApiResult<DisplaySettings>> {
  return http.put<DisplaySettings>('/sys/user/saveUserSettings', settings, { silent: true, keepalive });
}
