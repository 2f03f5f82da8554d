/**
 * Administration of settlement organisations (结算组织, settlement_org; issue 14): the list, the form (add, edit),
 * delete / deleteBatch (refused while live users are linked or ledgers exist), queryById, and the users of an
 * organisation (sys_user_settlement_org: users, addUsers, removeUsers). Ledgers (账簿) themselves are administered
 * by the accounting issue. Request schemas with Chinese messages — the web form validates with the same rules — and
 * the wire shapes of the answers.
 */
import { z } from 'zod';
import './common.ts';
import { ADMIN_LIMITS, ADMIN_TEXT } from './admin.ts';
import { idList } from './id-list.ts';
import { PickerPageQuery, filterText } from './pickers.ts';

export const SETTLEMENT_NAME_MAX = 100;
export const SETTLEMENT_CODE_MAX = 64;
export const SETTLEMENT_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
export const SETTLEMENT_SORT_MAX = 999_999;

export const SETTLEMENT_TEXT = {
  nameRequired: '请输入结算组织名称',
  nameTooLong: `结算组织名称最多 ${SETTLEMENT_NAME_MAX} 个字符`,
  nameControl: '结算组织名称不能包含换行或控制字符',
  codeRequired: '请输入结算组织编码',
  codeTooLong: `结算组织编码最多 ${SETTLEMENT_CODE_MAX} 个字符`,
  codeFormat: '结算组织编码只能由字母、数字、下划线和中划线组成',
  codeTaken: '结算组织编码已存在',
  statusInvalid: '状态只能是启用或不启用',
  sortInvalid: `排序必须是 0 到 ${SETTLEMENT_SORT_MAX} 之间的整数`,
  idRequired: '请传入结算组织ID',
  idInvalid: '结算组织ID不正确',
  idsRequired: '请选择要删除的结算组织',
  versionInvalid: '版本号不正确',
  userIdsRequired: '请选择用户',
  userIdsInvalid: '用户ID列表不正确',
  userUnknown: '包含不存在或已删除的用户，请刷新后重试',
  /** Delete refused while live users are linked. */
  hasUsers: (name: string, users: number) => `结算组织「${name}」下还有 ${users} 个用户，请先移除这些用户`,
  /** Delete refused while ledgers exist (ledgers belong to the accounting module). */
  hasLedgers: (name: string, ledgers: number) => `结算组织「${name}」下还有 ${ledgers} 个账簿，不能删除`,
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
  z.string({ error: SETTLEMENT_TEXT.idRequired }).regex(ID, SETTLEMENT_TEXT.idInvalid),
);

export const settlementName = z.preprocess(
  trimmed,
  z
    .string({ error: SETTLEMENT_TEXT.nameRequired })
    .max(SETTLEMENT_NAME_MAX, SETTLEMENT_TEXT.nameTooLong)
    // eslint-disable-next-line no-control-regex
    .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), SETTLEMENT_TEXT.nameControl),
);

export const settlementCode = z.preprocess(
  trimmed,
  z
    .string({ error: SETTLEMENT_TEXT.codeRequired })
    .max(SETTLEMENT_CODE_MAX, SETTLEMENT_TEXT.codeTooLong)
    .regex(SETTLEMENT_CODE_PATTERN, SETTLEMENT_TEXT.codeFormat),
);

/** '1' 启用, '0' 不启用 (dict depart_status); left out → undefined (add: '1'; edit: kept). */
const status = z.preprocess(
  (v) => (blank(v) ? undefined : asText(v)),
  z.enum(['0', '1'], { error: SETTLEMENT_TEXT.statusInvalid }).optional(),
);

const sortOrder = z.preprocess(
  (v) => (blank(v) ? undefined : typeof v === 'string' ? Number(v) : v),
  z
    .number({ error: SETTLEMENT_TEXT.sortInvalid })
    .int(SETTLEMENT_TEXT.sortInvalid)
    .min(0, SETTLEMENT_TEXT.sortInvalid)
    .max(SETTLEMENT_SORT_MAX, SETTLEMENT_TEXT.sortInvalid)
    .optional(),
);

/** POST /sys/settlementOrg/add. */
export const SettlementAddBody = z.object({ name: settlementName, code: settlementCode, status, sortOrder });
export type SettlementAddBody = z.infer<typeof SettlementAddBody>;

/** PUT|POST /sys/settlementOrg/edit: code, status and sort may be left out (kept); `version` checked when sent. */
export const SettlementEditBody = z.object({
  id: requiredId,
  name: settlementName,
  code: settlementCode.optional(),
  status,
  sortOrder,
  version: z.preprocess(
    (v) => (blank(v) ? undefined : typeof v === 'string' ? Number(v) : v),
    z.number({ error: SETTLEMENT_TEXT.versionInvalid }).int(SETTLEMENT_TEXT.versionInvalid).optional(),
  ),
});
export type SettlementEditBody = z.infer<typeof SettlementEditBody>;

export const SettlementIdQuery = z.object({ id: requiredId });
export type SettlementIdQuery = z.infer<typeof SettlementIdQuery>;

export const SettlementIdsQuery = z.object({
  ids: idList({
    invalid: SETTLEMENT_TEXT.idInvalid,
    max: ADMIN_LIMITS.idsPerBatch,
    tooMany: ADMIN_TEXT.tooManyIds,
    required: SETTLEMENT_TEXT.idsRequired,
  }),
});
export type SettlementIdsQuery = z.infer<typeof SettlementIdsQuery>;

/** GET /sys/settlementOrg/list: contains-match on name and code, exact status; sort columns from the registry. */
export const SettlementListQuery = PickerPageQuery.extend({
  name: filterText(),
  code: filterText(),
  status: z.preprocess(
    (v) => (blank(v) ? undefined : asText(v)),
    z.enum(['0', '1'], { error: SETTLEMENT_TEXT.statusInvalid }).optional(),
  ),
});
export type SettlementListQuery = z.infer<typeof SettlementListQuery>;

/** GET /sys/settlementOrg/users: the live users of an organisation (username / realname contains-match). */
export const SettlementUsersQuery = PickerPageQuery.extend({
  settlementOrgId: requiredId,
  username: filterText(),
  realname: filterText(),
});
export type SettlementUsersQuery = z.infer<typeof SettlementUsersQuery>;

const userIds = idList({
  invalid: SETTLEMENT_TEXT.userIdsInvalid,
  max: ADMIN_LIMITS.idsPerBatch,
  tooMany: ADMIN_TEXT.tooManyIds,
  required: SETTLEMENT_TEXT.userIdsRequired,
});

/** POST /sys/settlementOrg/addUsers {settlementOrgId, userIds}. */
export const SettlementAddUsersBody = z.object({ settlementOrgId: requiredId, userIds });
export type SettlementAddUsersBody = z.infer<typeof SettlementAddUsersBody>;

/** DELETE /sys/settlementOrg/removeUsers?settlementOrgId&userIds (also POST with the same fields as a body). */
export const SettlementRemoveUsersQuery = z.object({ settlementOrgId: requiredId, userIds });
export type SettlementRemoveUsersQuery = z.infer<typeof SettlementRemoveUsersQuery>;

/** A settlement organisation as the list and queryById answer it. */
export interface SettlementRecord {
  id: string;
  code: string;
  name: string;
  status: string;
  status_dictText: string;
  sortOrder: number;
  /** Live users linked to it. */
  userCount: number;
  /** Ledgers of it (any status). */
  ledgerCount: number;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
  version: number;
}
