/**
 * Online reports (contract §2.11, spec §7): the answers of getRpColumns / getQueryInfo / getData, the getData
 * query, and the popup picker's messages (spec §5.5). The query's field names are the report's own, so they are
 * checked by the server against the report's declaration; here only paging, sort and sizes are.
 */
import { z } from 'zod';
import type { DictModel } from './dict.ts';

/** getData answers at most this many rows per page (contract: "page size capped"). */
export const REPORT_PAGE_SIZE_MAX = 100;
/** A query value longer than this is refused. */
export const REPORT_VALUE_MAX_LENGTH = 200;
/** A request naming more parameters than this is refused. */
export const REPORT_MAX_PARAMS = 50;
/** The popup picker's default width (spec §9). */
export const POPUP_DEFAULT_WIDTH = 1200;

export const REPORT_TEXT = {
  notFound: '实体不存在',
  pageSize: `每页条数不能超过${REPORT_PAGE_SIZE_MAX}`,
  valueTooLong: `查询条件不能超过${REPORT_VALUE_MAX_LENGTH}个字符`,
  tooManyParams: '查询参数过多',
  numberInvalid: '请输入数字',
  dictCodeInvalid: '报表字段的字典编码不正确',
  fieldUnknown: (name: string) => `报表SQL没有列 ${name}`,
  paramUnknown: (name: string) => `报表SQL没有参数 ${name}`,
} as const;

/** The popup picker's messages (spec §5.5). */
export const POPUP_TEXT = {
  misconfigured: 'popup参数未正确配置!',
  countMismatch: 'popup参数未正确配置,原始值和目标值数量不一致!',
  selectOne: '请选择一条记录',
} as const;

export interface ReportColumn {
  title: string;
  dataIndex: string;
  fieldType: string;
  align: 'center' | 'left' | 'right';
  /** 'true' when the column may be sorted (JeecgBoot sends strings). */
  sorter: 'true' | 'false';
  width: number | null;
  isTotal: null;
  groupTitle: null;
  /** The field name, when the column has a dictionary (its options are dictOptions[customRender]). */
  customRender?: string;
}

export interface ReportColumns {
  columns: ReportColumn[];
  dictOptions: Record<string, DictModel[]>;
  fieldHrefSlots: [];
  isGroupTitle: false;
  cgRpConfigId: string;
  cgRpConfigName: string;
}

export interface ReportQueryItem {
  label: string;
  field: string;
  /** single: one value; group: a range sent as <field>_begin / <field>_end. */
  mode: 'single' | 'group';
  /** 'list' (dictionary), 'string' (wildcard contains-match), 'integer', 'date', 'datetime'. */
  view: string;
  /** Present ('1') when the field shows only once the form is expanded. */
  hidden?: '1';
  dictCode?: string;
}

export interface ReportData {
  total: number;
  records: Record<string, unknown>[];
}

/** getData's paging and sort; every other parameter is a report field or `self_<param>`, checked by the server. */
export const ReportDataQuery = z
  .object({
    pageNo: z.coerce
      .number({ error: '分页参数不正确' })
      .int('分页参数不正确')
      .min(1, '分页参数不正确')
      .max(1_000_000, '分页参数不正确')
      .default(1),
    pageSize: z.coerce
      .number({ error: '每页条数不正确' })
      .int('每页条数不正确')
      .min(1, '每页条数不正确')
      .max(REPORT_PAGE_SIZE_MAX, REPORT_TEXT.pageSize)
      .default(10),
    column: z.string().max(64, '排序字段不正确').optional(),
    order: z.enum(['asc', 'desc'], { error: '排序字段不正确' }).optional(),
  })
  .catchall(z.string({ error: '查询条件不正确' }).max(REPORT_VALUE_MAX_LENGTH, REPORT_TEXT.valueTooLong));
export type ReportDataQuery = z.infer<typeof ReportDataQuery>;

export const ReportCodeParams = z.object({ code: z.string().max(64, REPORT_TEXT.notFound) });
export const ReportIdParams = z.object({ id: z.string().max(64, REPORT_TEXT.notFound) });
