/**
 * Administration of the category dictionary (分类字典, issue 14, contract §2.5 "Admin"): the JeecgBoot Vue 2
 * SysCategoryList calls — rootList (paged top level, or a search over every level), childList, getChildListBatch,
 * queryById, add, edit (PUT|POST), delete, deleteBatch and checkCode. Request schemas with Chinese messages (the web
 * form validates with the same ones), the record shape and the texts. Unknown body fields are dropped; has_child and
 * sys_org_code are the server's whatever a client sends.
 *
 * Codes are hierarchical: a child's code starts with its parent's. A blank code on add (or on a move that leaves the
 * code untouched) is generated the JeecgBoot way (fill rule category_code_rule, YouBianCodeUtil): the parent's code
 * plus the segment after its children's highest, A01 … A99, B01 … Z99.
 */
import { z } from 'zod';
import './common.ts';
import { PAGE_SIZE_DEFAULT } from '../constants.ts';
import { ADMIN_LIMITS, ADMIN_TEXT } from './admin.ts';
import { idList } from './id-list.ts';

/** pid of a top-level category. */
export const CATEGORY_ROOT_PID = '0';

export const CATEGORY_LIMITS = {
  /** sys_category.name is varchar(100). */
  name: 100,
  /** sys_category.code is varchar(100). */
  code: 100,
  id: 64,
  /** rootList's and getChildListBatch's page size at most. */
  pageSize: 200,
  /** The search words (name, code) of rootList. */
  search: 100,
} as const;

export const CATEGORY_TEXT = {
  nameRequired: '分类名称不能为空',
  nameTooLong: `分类名称最多${CATEGORY_LIMITS.name}个字符`,
  nameInvalid: '分类名称不能包含控制字符',
  codeTooLong: `分类编码最多${CATEGORY_LIMITS.code}个字符`,
  codeInvalid: '分类编码只能包含字母、数字、下划线和短横线',
  /** JeecgBoot's checkCode text for an empty code. */
  codeEmpty: '错误,类型编码为空!',
  /** JeecgBoot's checkCode text for a code that does not continue its parent's. */
  codePrefix: (parentCode: string) => `编码不符合规范,须以"${parentCode}"开头!`,
  codeSameAsParent: '分类编码不能与上级分类编码相同',
  codeTaken: '该分类编码已存在',
  codeAvailable: '该编码可用！',
  /** The level's generated codes ran out or past the column. */
  codeExhausted: '该层级的分类编码已用完，无法生成新编码',
  codeBusy: '分类编码生成冲突，请重试',
  idRequired: '分类ID不能为空',
  idInvalid: 'ID格式不正确',
  pidRequired: '请传入pid',
  idsRequired: '请选择要删除的记录',
  parentNotFound: '上级分类不存在或已被删除',
  parentCycle: ADMIN_TEXT.parentCycle,
  hasChildren: (name: string) => `分类“${name}”下还有下级分类，请先删除下级分类`,
  searchTooLong: `查询条件最多${CATEGORY_LIMITS.search}个字符`,
  pageSizeInvalid: `每页条数须为 1 到 ${CATEGORY_LIMITS.pageSize}`,
  pageNoInvalid: '页码不正确',
  orderInvalid: '排序方向只能为 asc 或 desc',
  versionInvalid: '版本号不正确',
  tooManyIds: ADMIN_TEXT.tooManyIds,
} as const;

const blank = (v: unknown): boolean => v === undefined || v === null || v === '';
const asText = (v: unknown): unknown =>
  blank(v) ? undefined : typeof v === 'number' || typeof v === 'boolean' ? String(v) : v;
const trimmed = (v: unknown): unknown => {
  const t = asText(v);
  return typeof t === 'string' ? t.trim() || undefined : t;
};
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;
const ID = /^[A-Za-z0-9_-]{1,64}$/;
/** A category code: letters, digits, '_' and '-' (codes travel in URLs and LIKE prefixes). */
export const CATEGORY_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;

const requiredId = (message: string) =>
  z.preprocess(
    trimmed,
    z.string({ error: message }).max(CATEGORY_LIMITS.id, CATEGORY_TEXT.idInvalid).regex(ID, CATEGORY_TEXT.idInvalid),
  );

/** An optional parent id: blank, null or '0' → undefined (the top level). */
const parentId = z.preprocess(
  (v) => {
    const t = trimmed(v);
    return t === CATEGORY_ROOT_PID ? undefined : t;
  },
  z
    .string({ error: CATEGORY_TEXT.idInvalid })
    .max(CATEGORY_LIMITS.id, CATEGORY_TEXT.idInvalid)
    .regex(ID, CATEGORY_TEXT.idInvalid)
    .optional(),
);

const name = z.preprocess(
  (v) => (typeof asText(v) === 'string' ? (asText(v) as string).trim() : asText(v)),
  z
    .string({ error: CATEGORY_TEXT.nameRequired })
    .min(1, CATEGORY_TEXT.nameRequired)
    .max(CATEGORY_LIMITS.name, CATEGORY_TEXT.nameTooLong)
    .refine((s) => !CONTROL_CHARS.test(s), CATEGORY_TEXT.nameInvalid),
);

/** An optional code: blank → undefined (generated on add, kept on edit). */
const code = z.preprocess(
  trimmed,
  z
    .string({ error: CATEGORY_TEXT.codeInvalid })
    .max(CATEGORY_LIMITS.code, CATEGORY_TEXT.codeTooLong)
    .regex(CATEGORY_CODE_PATTERN, CATEGORY_TEXT.codeInvalid)
    .optional(),
);

/** Search words: trimmed, JeecgBoot's '*' wildcards dropped (the server matches "contains"). */
const search = z.preprocess(
  (v) => {
    const t = trimmed(v);
    return typeof t === 'string' ? t.replace(/^\*+|\*+$/g, '').trim() || undefined : t;
  },
  z.string({ error: CATEGORY_TEXT.searchTooLong }).max(CATEGORY_LIMITS.search, CATEGORY_TEXT.searchTooLong).optional(),
);

const pageNo = z.preprocess(
  (v) => (blank(v) ? 1 : typeof v === 'string' ? Number(v) : v),
  z
    .number({ error: CATEGORY_TEXT.pageNoInvalid })
    .int(CATEGORY_TEXT.pageNoInvalid)
    .min(1, CATEGORY_TEXT.pageNoInvalid)
    .max(1_000_000, CATEGORY_TEXT.pageNoInvalid),
);
const pageSize = z.preprocess(
  (v) => (blank(v) ? PAGE_SIZE_DEFAULT : typeof v === 'string' ? Number(v) : v),
  z
    .number({ error: CATEGORY_TEXT.pageSizeInvalid })
    .int(CATEGORY_TEXT.pageSizeInvalid)
    .min(1, CATEGORY_TEXT.pageSizeInvalid)
    .max(CATEGORY_LIMITS.pageSize, CATEGORY_TEXT.pageSizeInvalid),
);

/**
 * GET /sys/category/rootList: IPage of the children of `pid` (the top level by default); with `name` or `code`
 * (contains, any level) a search over the whole tree, as JeecgBoot does. `hasQuery` (sent by the Vue 2 page) is
 * accepted and changes nothing. Sort by an allow-listed column (the field registry), code ascending by default.
 */
export const CategoryRootListQuery = z.object({
  pageNo,
  pageSize,
  column: z.preprocess(trimmed, z.string().max(64).optional()),
  order: z.preprocess(trimmed, z.enum(['asc', 'desc'], { error: CATEGORY_TEXT.orderInvalid }).optional()),
  pid: parentId,
  name: search,
  code: search,
  hasQuery: z.preprocess(trimmed, z.string().max(10).optional()),
});
export type CategoryRootListQuery = z.infer<typeof CategoryRootListQuery>;

/** GET /sys/category/childList?pid=: the children of one category (a plain list, code order). */
export const CategoryChildListQuery = z.object({ pid: requiredId(CATEGORY_TEXT.pidRequired) });
export type CategoryChildListQuery = z.infer<typeof CategoryChildListQuery>;

/** GET /sys/category/getChildListBatch?parentIds=a,b: the children of several categories (IPage of all of them). */
export const CategoryChildBatchQuery = z.object({
  parentIds: idList({
    invalid: CATEGORY_TEXT.idInvalid,
    max: ADMIN_LIMITS.idsPerBatch,
    tooMany: ADMIN_TEXT.tooManyIds,
    required: CATEGORY_TEXT.pidRequired,
  }),
});
export type CategoryChildBatchQuery = z.infer<typeof CategoryChildBatchQuery>;

/** The fields an administrator writes (SysCategory {pid, name, code}). */
export const CategoryAddBody = z.object({
  /** Blank, null or '0' → the top level. */
  pid: parentId,
  name,
  /** Blank → generated after the parent's children's highest code. */
  code,
});
export type CategoryAddBody = z.infer<typeof CategoryAddBody>;

/** PUT|POST /sys/category/edit: a new pid moves the category with its subtree (their codes follow). */
export const CategoryEditBody = CategoryAddBody.extend({
  id: requiredId(CATEGORY_TEXT.idRequired),
  /** Absent → kept; blank, null or '0' → the top level. */
  pid: z.preprocess(
    (v) => {
      if (v === undefined) return undefined;
      const t = trimmed(v);
      return t === undefined || t === CATEGORY_ROOT_PID ? CATEGORY_ROOT_PID : t;
    },
    z
      .string({ error: CATEGORY_TEXT.idInvalid })
      .max(CATEGORY_LIMITS.id, CATEGORY_TEXT.idInvalid)
      .regex(ID, CATEGORY_TEXT.idInvalid)
      .optional(),
  ),
  /** Checked when sent: a save over someone else's is refused. */
  version: z.preprocess(
    (v) => (blank(v) ? undefined : typeof v === 'string' ? Number(v) : v),
    z.number({ error: CATEGORY_TEXT.versionInvalid }).int(CATEGORY_TEXT.versionInvalid).optional(),
  ),
});
export type CategoryEditBody = z.infer<typeof CategoryEditBody>;

/** ?id= of delete and queryById. */
export const CategoryIdQuery = z.object({ id: requiredId(CATEGORY_TEXT.idRequired) });
export type CategoryIdQuery = z.infer<typeof CategoryIdQuery>;

export const CategoryIdsQuery = z.object({
  ids: idList({
    invalid: CATEGORY_TEXT.idInvalid,
    max: ADMIN_LIMITS.idsPerBatch,
    tooMany: ADMIN_TEXT.tooManyIds,
    required: CATEGORY_TEXT.idsRequired,
  }),
});
export type CategoryIdsQuery = z.infer<typeof CategoryIdsQuery>;

/**
 * GET /sys/category/checkCode?pid&code(&id): the code continues the parent's and no other category has it (`id`,
 * the category being edited, is left out of the check). Failure answers success false with the reason.
 */
export const CategoryCheckCodeQuery = z.object({
  pid: parentId,
  /** Checked by the service, so that a bad code answers success false (what the Vue 2 form's validator reads). */
  code: z.preprocess(
    trimmed,
    z.string({ error: CATEGORY_TEXT.codeInvalid }).max(1000, CATEGORY_TEXT.codeTooLong).optional(),
  ),
  id: z.preprocess(trimmed, z.string().regex(ID, CATEGORY_TEXT.idInvalid).optional()),
});
export type CategoryCheckCodeQuery = z.infer<typeof CategoryCheckCodeQuery>;

/** A category as rootList, childList, queryById and the writes answer it (SysCategory; times Asia/Shanghai). */
export interface CategoryRecord {
  id: string;
  /** '0' at the top level. */
  pid: string;
  name: string;
  code: string | null;
  sysOrgCode: string | null;
  /** '1' when it has children. */
  hasChild: string;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
  version: number;
}
