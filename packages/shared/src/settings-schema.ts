/**
 * The request schema of PUT|POST /sys/user/saveUserSettings: zod built from the rules of settings.ts, so that
 * the server validates with exactly those, with their Chinese messages. Kept apart from settings.ts so the web
 * app's first screen does not load zod.
 */
import { z } from 'zod';
import { SETTING_KEYS, SETTING_RULES, SETTINGS_TEXT, type DisplaySettingsPatch, type SettingRule } from './settings.ts';

function schemaOf(rule: SettingRule): z.ZodType {
  if (rule.kind === 'flag') return z.boolean({ error: rule.message });
  const values = rule.values as [string, ...string[]];
  const oneOf = z.enum(values, { error: rule.message });
  return rule.upperCase ? z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), oneOf) : oneOf;
}

/**
 * What a client may send to save: any subset of the settings. Unknown keys are dropped (zod strips them), a
 * known key with a bad value fails with its Chinese message.
 */
export const DisplaySettingsPatchSchema = z.object(
  Object.fromEntries(SETTING_KEYS.map((key) => [key, schemaOf(SETTING_RULES[key]).optional()])),
  { error: SETTINGS_TEXT.notObject },
) as unknown as z.ZodType<DisplaySettingsPatch>;
