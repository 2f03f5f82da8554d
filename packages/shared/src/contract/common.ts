/** Shared pieces of the wire contract: the envelope, paging, and the lenient string/flag fields the Jeecg clients send. */
import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../constants.ts';
import { maxLengthMessage } from '../validation.ts';

// Default messages of every schema in Chinese, on both sides.
z.config(z.locales.zhCN());
/** A string query/body field that tolerates numbers (the Vue clients send both). */
export const str = (max: number, message?: string) =>
  z.preprocess(
    (v) => (typeof v === 'number' || typeof v === 'boolean' ? String(v) : v),
    z.string(message ? { error: message } : undefined).max(max, maxLengthMessage(max)),
  );

export const optionalStr = (max: number) => str(max).optional();

/** The refusals of a `<field>_begin` / `<field>_end` time range (JeecgBoot's range convention). */
export const TIME_RANGE_TEXT = {
  timeInvalid: '时间格式应为 yyyy-MM-dd 或 yyyy-MM-dd HH:mm:ss',
  rangeReversed: '开始时间不能晚于结束时间',
} as const;

/** One end of a time range: 'yyyy-MM-dd' or 'yyyy-MM-dd HH:mm[:ss]' (Asia/Shanghai); blank is none. */
export const wireTimeParam = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : v === '' ? undefined : v),
  z
    .string({ error: TIME_RANGE_TEXT.timeInvalid })
    .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/, TIME_RANGE_TEXT.timeInvalid)
    .optional(),
);

/** Whether a range's begin lies after its end (compared by day, as a bare end date covers its whole day). */
export function rangeReversed(begin: string | undefined, end: string | undefined): boolean {
  return !!begin && !!end && begin.slice(0, 10) > end.slice(0, 10);
}

/** A required string field: missing, not a string or empty all answer `message`. */
export const requiredStr = (max: number, message: string) => str(max, message).pipe(z.string().min(1, message));

export const Envelope = <T extends z.ZodType>(result: T) =>
  z.object({
    success: z.boolean(),
    message: z.string(),
    code: z.number(),
    result,
    timestamp: z.number(),
  });

export interface ApiResult<T> {
  success: boolean;
  message: string;
  code: number;
  result: T;
  timestamp: number;
}

export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
  /**
   * Ours (issue 16): false when `total` is a count remembered for a big list (more than 10,000 rows), which may
   * be behind the latest writes by up to a minute; absent when the total is exact.
   */
  totalExact?: false;
}

export const PageQuery = z.object({
  pageNo: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  column: optionalStr(64),
  order: z.enum(['asc', 'desc']).optional(),
});

/** 'true'/'1' and 'false'/'0' as the clients send booleans in query strings. */
export const flag = (fallback: boolean | undefined, message: string) =>
  z.preprocess(
    (v) => {
      if (v === undefined || v === '') return fallback;
      if (v === true || v === 'true' || v === '1' || v === 1) return true;
      if (v === false || v === 'false' || v === '0' || v === 0) return false;
      return v;
    },
    z.boolean({ error: message }),
  );

/** A config or rule code (GET /sys/sysConfig/getByCode). */
export const ByCodeQuery = z.object({ code: requiredStr(64, '请输入编码') });
