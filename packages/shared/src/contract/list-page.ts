/**
 * The generic list page (spec widgets §7 "generic list pages", §5.5, §8, §9): its texts, its page sizes, and the
 * column settings a user saves for every list (which columns are hidden), kept on the server under the user-kv key
 * LIST_COLUMNS so that they follow the user from one browser to the next.
 */
import { z } from 'zod';

export const LIST_PAGE_TEXT = {
  /** Batch delete without a ticked row. */
  selectOne: '请选择一条记录！',
  confirmDeleteTitle: '确认删除',
  confirmDeleteContent: '是否删除选中数据?',
  /** One row's 删除 confirm. */
  confirmDeleteOne: '确定删除吗?',
  /** A list page configured without its list url. */
  noListUrl: '请设置url.list属性!',
  deleted: '删除成功!',
  batchDeleted: '批量删除成功!',
  columnSettings: '列设置',
  columnSettingsReset: '重置',
  columnSettingsSaveFailed: '列设置保存失败',
  batchDelete: '批量删除',
} as const;

/** The size changer of a generic list page (spec §9: default 10, options 10/20/30). */
export const LIST_PAGE_SIZES_GENERIC = [10, 20, 30] as const;

/** user-kv key of the column settings of every list of the user. */
export const LIST_COLUMNS_KV_KEY = 'LIST_COLUMNS';
/** Lists one user keeps settings for; columns hidden on one list. */
export const LIST_COLUMNS_MAX_LISTS = 100;
export const LIST_COLUMNS_MAX_HIDDEN = 50;

/** A list's key (its route or a given code) and a column's key: short plain names, nothing else. */
const LIST_KEY = /^[A-Za-z0-9_:/.-]{1,120}$/;
const COLUMN_KEY = /^[A-Za-z0-9_.-]{1,64}$/;

/** list key → the keys of the columns the user hid on it. */
export const ListColumnSettings = z
  .record(z.string().regex(LIST_KEY), z.array(z.string().regex(COLUMN_KEY)).max(LIST_COLUMNS_MAX_HIDDEN))
  .refine((v) => Object.keys(v).length <= LIST_COLUMNS_MAX_LISTS, { message: '列设置过多' })
  .transform((v) =>
    Object.fromEntries(
      Object.entries(v)
        .filter(([, hidden]) => hidden.length > 0)
        .map(([k, hidden]) => [k, [...new Set(hidden)]]),
    ),
  );
export type ListColumnSettings = z.infer<typeof ListColumnSettings>;
