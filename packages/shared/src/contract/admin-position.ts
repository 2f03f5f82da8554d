/**
 * Administration of positions (职务, sys_position; issue 14, contract §2.10 `/sys/position/*`): the list, the
 * position form (add, edit, checkCode), delete / deleteBatch, queryById and queryByCode. Request schemas with their
 * Chinese messages — the web's position form validates with the same rules — and the wire shape of a position.
 * Users keep position CODES (sys_user.post, a comma list): a code may hold no comma, and a position in use keeps its
 * code and cannot be deleted. Unknown fields of a body are dropped (JeecgBoot ignores unknown JSON properties).
 */
import { z } from 'zod';
import './common.ts';
import { ADMIN_LIMITS, ADMIN_TEXT } from './admin.ts';
import { idList } from './id-list.ts';
import { PickerPageQuery, filterText } from './pickers.ts';

export const POSITION_NAME_MAX = 100;
/** A user's post element is at most 64 characters (admin-user.ts), so a position code is too. */
export const POSITION_CODE_MAX = 64;
/** Letters, digits, underscore and hyphen: never a comma (sys_user.post is a comma list of codes). */
export const POSITION_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
/** The dictionary of ranks (position_rank: 1 员级 … 5 正高级). */
export const POSITION_RANK_DICT = 'position_rank';

export const POSITION_TEXT = {
  nameRequired: '请输入职务名称',
  nameTooLong: `职务名称最多 ${POSITION_NAME_MAX} 个字符`,
  nameControl: '职务名称不能包含换行或控制字符',
  codeRequired: '请输入职务编码',
  codeTooLong: `职务编码最多 ${POSITION_CODE_MAX} 个字符`,
  codeFormat: '职务编码只能由字母、数字、下划线和中划线组成',
  codeTaken: '职务编码已存在',
  rankInvalid: '职级不正确',
  idRequired: '请传入职务ID',
  idInvalid: '职务ID不正确',
  idsRequired: '请选择要删除的职务',
  versionInvalid: '版本号不正确',
  /** Delete refused: users hold the position (sys_user.post). */
  inUse: (names: string, users: number) =>
    `职务「${names}」已被 ${users} 个用户使用，请先在用户管理中取消这些用户的职务`,
  /** Code change refused while users hold the old code. */
  codeInUse: (users: number) => `该职务已被 ${users} 个用户使用，不能修改职务编码`,
} as const;

const blank = (v: unknown): boolean => v === undefined || v === null || v === '';
const asText = (v: unknown): unknown =>
  blank(v) ? undefined : typeof v === 'number' || typeof v === 'boolean' ? String(v) : v;
const trimmed = (v: unknown): unknown => {
  const t = asText(v);
  return typeof t === 'string' ? t.trim() || undefined : t;
};

const ID = /^[A-Za-z0-9_-]{1,64}$/;

const requiredId = z.preprocess(
  trimmed,
  z.string({ error: POSITION_TEXT.idRequired }).regex(ID, POSITION_TEXT.idInvalid),
);

export const positionName = z.preprocess(
  trimmed,
  z
    .string({ error: POSITION_TEXT.nameRequired })
    .max(POSITION_NAME_MAX, POSITION_TEXT.nameTooLong)
    // eslint-disable-next-line no-control-regex
    .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), POSITION_TEXT.nameControl),
);

export const positionCode = z.preprocess(
  trimmed,
  z
    .string({ error: POSITION_TEXT.codeRequired })
    .max(POSITION_CODE_MAX, POSITION_TEXT.codeTooLong)
    .regex(POSITION_CODE_PATTERN, POSITION_TEXT.codeFormat),
);

/** The rank: a position_rank value ('1'…'5', checked against the dictionary on the server); blank → null. */
const postRank = z.preprocess(
  (v) => (v === undefined ? undefined : blank(v) ? null : asText(v)),
  z
    .string({ error: POSITION_TEXT.rankInvalid })
    .regex(/^[0-9]{1,2}$/, POSITION_TEXT.rankInvalid)
    .nullable()
    .optional(),
);

const version = z.preprocess(
  (v) => (blank(v) ? undefined : typeof v === 'string' ? Number(v) : v),
  z.number({ error: POSITION_TEXT.versionInvalid }).int(POSITION_TEXT.versionInvalid).optional(),
);

/** POST /sys/position/add. */
export const PositionAddBody = z.object({ name: positionName, code: positionCode, postRank });
export type PositionAddBody = z.infer<typeof PositionAddBody>;

/** PUT|POST /sys/position/edit: the code may be left out (kept); `version` is checked when sent. */
export const PositionEditBody = z.object({
  id: requiredId,
  name: positionName,
  code: positionCode.optional(),
  postRank,
  version,
});
export type PositionEditBody = z.infer<typeof PositionEditBody>;

export const PositionIdQuery = z.object({ id: requiredId });
export type PositionIdQuery = z.infer<typeof PositionIdQuery>;

export const PositionIdsQuery = z.object({
  ids: idList({
    invalid: POSITION_TEXT.idInvalid,
    max: ADMIN_LIMITS.idsPerBatch,
    tooMany: ADMIN_TEXT.tooManyIds,
    required: POSITION_TEXT.idsRequired,
  }),
});
export type PositionIdsQuery = z.infer<typeof PositionIdsQuery>;

/** GET /sys/position/queryByCode?code. */
export const PositionCodeQuery = z.object({ code: positionCode });
export type PositionCodeQuery = z.infer<typeof PositionCodeQuery>;

/** GET /sys/position/checkCode?code&id: the id (when editing) is the position whose own code does not count. */
export const PositionCheckCodeQuery = z.object({
  id: z.preprocess(trimmed, z.string().regex(ID, POSITION_TEXT.idInvalid).optional()),
  code: positionCode,
});
export type PositionCheckCodeQuery = z.infer<typeof PositionCheckCodeQuery>;

/**
 * GET /sys/position/list: the 职务管理 screen's and the Jeecg clients' list (contains-match on name and code, exact
 * rank; sort columns from the registry). The picker's own list stays /hr/hrPosition/list.
 */
export const PositionAdminListQuery = PickerPageQuery.extend({
  name: filterText(),
  code: filterText(),
  postRank: z.preprocess(
    trimmed,
    z
      .string()
      .regex(/^[0-9]{1,2}$/, POSITION_TEXT.rankInvalid)
      .optional(),
  ),
});
export type PositionAdminListQuery = z.infer<typeof PositionAdminListQuery>;

/** A position as the list, queryById and queryByCode answer it (SysPosition plus the rank's text). */
export interface PositionRecord {
  id: string;
  code: string;
  name: string;
  postRank: string | null;
  postRank_dictText: string | null;
  companyId: string | null;
  sysOrgCode: string | null;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
  version: number;
}
