/**
 * The refusals of the Excel import and export: one error type with a machine-readable reason and a Chinese
 * message the task centre can show as it is, plus the limits they enforce.
 */
import { IMPORT_FILE_TEXT, IMPORT_MAX_BYTES, MB } from '@houtai/shared/upload';
import { AppError } from '../errors.ts';

export type ExcelErrorReason =
  | 'FILE_TOO_LARGE'
  | 'EMPTY_FILE'
  | 'NOT_XLSX'
  | 'LEGACY_XLS'
  | 'ENCRYPTED'
  | 'DAMAGED'
  | 'ZIP_TOO_LARGE'
  | 'ZIP_RATIO'
  | 'ZIP_TOO_MANY_ENTRIES'
  | 'ZIP_UNSAFE_PATH'
  | 'UNSUPPORTED'
  | 'CORRUPT_XML'
  | 'NO_SHEET'
  | 'SHEET_NOT_FOUND'
  | 'TOO_MANY_ROWS'
  | 'TOO_MANY_COLUMNS'
  | 'MISSING_COLUMNS'
  | 'EXPORT_TOO_MANY_ROWS';

/**
 * A file the import refuses as a whole (or an export that cannot be written). It is an AppError (business
 * failure, HTTP 200, envelope code 500), so a route may let it through; `reason` tells callers and tests apart.
 */
export class ExcelError extends AppError {
  constructor(
    readonly reason: ExcelErrorReason,
    message: string,
    cause?: unknown,
  ) {
    super(500, 200, message);
    this.name = 'ExcelError';
    if (cause !== undefined) this.cause = cause;
  }
}

export const EXCEL_TEXT = {
  fileTooLarge: IMPORT_FILE_TEXT.tooLarge,
  emptyFile: '文件内容为空，请重新上传',
  notXlsx: '文件格式不正确，请上传 .xlsx 文件',
  legacyXls: '不支持旧版 .xls 文件，请在 Excel 中另存为 .xlsx 后再导入',
  encrypted: '文件已加密，请取消密码保护后再导入',
  damaged: '文件不完整或已损坏，请重新上传',
  zipTooLarge: (mb: number) => `文件解压后超过 ${mb}MB，请拆分后再导入`,
  zipRatio: '文件压缩比异常（疑似压缩炸弹），已拒绝导入',
  zipTooManyEntries: (n: number) => `文件内部条目超过 ${n} 个，已拒绝导入`,
  zipUnsafePath: '文件内部包含不安全的路径，已拒绝导入',
  unsupported: (detail: string) => `文件格式不受支持（${detail}），请用 Excel 另存为 .xlsx 后再导入`,
  corruptXml: (part: string) => `文件内容已损坏（${part}无法解析），请用 Excel 打开并另存为 .xlsx 后再导入`,
  noSheet: '文件中没有可导入的工作表',
  sheetNotFound: (name: string) => `文件中没有名为“${name}”的工作表`,
  notWorksheet: (name: string) => `“${name}”不是数据工作表（可能是图表），无法导入`,
  tooManyRows: (max: number) => `数据超过 ${max} 行，请分批导入`,
  tooManyColumns: (row: number, max: number) => `第 ${row} 行的数据超出了 ${max} 列，请删除多余的列后再导入`,
  missingColumns: (titles: readonly string[]) => `缺少必填列：${titles.join('、')}，请使用导入模板`,
  exportTooManyRows: (max: number) => `导出数据超过 ${max} 行，请缩小查询范围后再导出`,
} as const;

/** Per-cell problems: the row is reported in the error file, the rest of the file goes on. */
export const CELL_TEXT = {
  errorValue: (code: string) => `单元格为错误值 ${code}`,
  noCachedValue: '公式没有保存计算结果，请在 Excel 中打开并保存后再导入',
  phantomDate: '日期无效：1900-02-29 不存在',
  invalidDate: '日期超出有效范围',
  invalidTime: '时间无效（负数）',
  badIsoDate: (text: string) => `无法识别的日期：${text}`,
  badNumber: (text: string) => `无法识别的数字：${text}`,
  badSharedString: '单元格引用了不存在的共享字符串',
  textTooLong: (max: number) => `单元格内容超过 ${max} 个字符`,
} as const;

export interface ExcelReadLimits {
  /** The upload itself (spec: under 21 MB). */
  maxFileBytes: number;
  /** Entries in the zip's central directory. */
  maxEntries: number;
  /** Uncompressed size of any one entry. */
  maxEntryBytes: number;
  /** Uncompressed size of all entries together. */
  maxTotalBytes: number;
  /** Uncompressed ÷ compressed, checked on entries larger than `ratioGraceBytes` (Apache POI: 100, 100 KB). */
  maxRatio: number;
  ratioGraceBytes: number;
  /** Parts read whole into memory (workbook, relationships, styles). */
  maxSmallPartBytes: number;
  /** The shared-strings table, held in memory while the sheet is read. */
  maxSharedStringsBytes: number;
  /** Last row number that may hold data (Excel itself stops at 1,048,576). */
  maxRows: number;
  /** Last column that may hold data. */
  maxColumns: number;
  /** Excel's own limit for one cell. */
  maxCellChars: number;
}

export const DEFAULT_READ_LIMITS: Readonly<ExcelReadLimits> = {
  maxFileBytes: IMPORT_MAX_BYTES,
  maxEntries: 10_000,
  maxEntryBytes: 300 * MB,
  maxTotalBytes: 300 * MB,
  maxRatio: 100,
  ratioGraceBytes: 100 * 1024,
  maxSmallPartBytes: 20 * MB,
  maxSharedStringsBytes: 100 * MB,
  maxRows: 1_000_000,
  maxColumns: 200,
  maxCellChars: 32_767,
};
