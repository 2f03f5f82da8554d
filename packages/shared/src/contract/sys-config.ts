/**
 * 系统配置 (issue 14 item 5): GET /sys/sysConfig/list answers the known settings (never arbitrary sys_config rows:
 * others may hold secrets) and PUT|POST /sys/sysConfig/edit {code, value} saves one, its value checked by the
 * setting's own schema below; an unknown code is refused. Each setting names its fields and their kinds so the
 * screen renders an editor without JSON.
 */
import { z } from 'zod';
import { SYSTEM_NOTIFICATIONS_CODE } from '../constants.ts';
import { NOTICE_CONTENT_MAX, NoticeBannerBody } from './announcement.ts';

export type ConfigFieldKind = 'switch' | 'text' | 'textarea' | 'number';

export interface ConfigField {
  name: string;
  label: string;
  kind: ConfigFieldKind;
  help?: string;
  /** switch: the stored values of on and off. */
  on?: string;
  off?: string;
  /** text, textarea: the longest value. */
  max?: number;
  /** number: bounds. */
  min?: number;
  maxValue?: number;
}

export interface ConfigDef {
  code: string;
  name: string;
  description: string;
  fields: readonly ConfigField[];
  schema: z.ZodType<Record<string, unknown>>;
}

export const SYS_CONFIG_TEXT = {
  codeRequired: '请选择配置项',
  codeUnknown: '配置项不存在或不允许修改',
  valueRequired: '请填写配置内容',
  valueInvalid: '配置内容不正确',
  saved: '保存成功!',
} as const;

/** The settings an administrator may edit, by code. */
export const SYS_CONFIG_DEFS: readonly ConfigDef[] = [
  {
    code: SYSTEM_NOTIFICATIONS_CODE,
    name: '系统通知横幅',
    description: '开启后，所有已登录用户页面顶部显示这段通知；保存后立即推送到打开的页面。',
    fields: [
      { name: 'status', label: '显示横幅', kind: 'switch', on: '1', off: '0' },
      { name: 'content', label: '通知内容', kind: 'textarea', max: NOTICE_CONTENT_MAX, help: '纯文本，开启时必填' },
    ],
    schema: NoticeBannerBody,
  },
];

export function configDef(code: string): ConfigDef | undefined {
  return SYS_CONFIG_DEFS.find((d) => d.code === code);
}

/** A value sent as JSON text (the Jeecg way) is read as its object. */
function parsedValue(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
}

export const SysConfigEditBody = z
  .object({
    code: z.string({ error: SYS_CONFIG_TEXT.codeRequired }).min(1, SYS_CONFIG_TEXT.codeRequired).max(64),
    value: z.preprocess(parsedValue, z.unknown()),
  })
  .transform((body, ctx) => {
    const def = configDef(body.code);
    if (!def) {
      ctx.addIssue({ code: 'custom', path: ['code'], message: SYS_CONFIG_TEXT.codeUnknown });
      return z.NEVER;
    }
    if (body.value === undefined || body.value === null || typeof body.value !== 'object') {
      ctx.addIssue({ code: 'custom', path: ['value'], message: SYS_CONFIG_TEXT.valueRequired });
      return z.NEVER;
    }
    const r = def.schema.safeParse(body.value);
    if (!r.success) {
      for (const issue of r.error.issues) {
        ctx.addIssue({ code: 'custom', path: ['value', ...issue.path], message: issue.message });
      }
      return z.NEVER;
    }
    return { code: def.code, value: r.data };
  });
export type SysConfigEditBody = z.infer<typeof SysConfigEditBody>;

/** One row of GET /sys/sysConfig/list. */
export interface SysConfigRecord {
  code: string;
  name: string;
  description: string;
  fields: ConfigField[];
  /** The stored value read through the setting's schema (its defaults when unset or unreadable). */
  value: Record<string, unknown>;
  updateBy: string | null;
  updateTime: string | null;
}
