/**
 * Which third-party apps (WeCom, DingTalk) are configured, for the Vue2 user form's sync buttons. Houtai has no
 * connector for either yet, so the configured set is empty and each answers false; a connector adds its type to
 * CONFIGURED_THIRD_APPS when its settings are present.
 */
import { THIRD_APP_TYPES, type ThirdAppEnabled, type ThirdAppType } from '@houtai/shared/contract/tenant';

/** The third-party apps with a connector configured on this server (none: no connector exists yet). */
export const CONFIGURED_THIRD_APPS: readonly ThirdAppType[] = [];

export function enabledThirdApps(configured: readonly ThirdAppType[] = CONFIGURED_THIRD_APPS): ThirdAppEnabled {
  const enabled = {} as ThirdAppEnabled;
  for (const type of THIRD_APP_TYPES) enabled[type] = configured.includes(type);
  return enabled;
}
