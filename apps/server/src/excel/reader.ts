/**
 * Reading an uploaded .xlsx for an import: the file is checked as a whole first (size, signature, zip
 * structure, workbook), then one worksheet is streamed row by row in constant memory.
 *
 * Usage in an import task:
 *
 *   for await (const batch of readWorkbook(path, { fileName }).batches(500)) {
 *     await db.transaction().execute(async (trx) => { ... });
 *   }
 *
 * Any ExcelError, also one thrown after rows were handed out (a damaged part, too many rows), is fatal for the
 * whole file: the importer must discard what it took from this file. Leaving the loop early (break/return)
 * closes the file. No temp files are written: parts are read straight from the upload by their zip offsets.
 */
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { DEFAULT_READ_LIMITS, EXCEL_TEXT, ExcelError, type ExcelReadLimits } from './excel-error.ts';
import type { FormatKind } from './number-format.ts';
import {
  parseRelationships,
  parseSharedStrings,
  parseStyles,
  parseWorkbookPart,
  relsPartOf,
  type Relationship,
  type SharedString,
  type SheetState,
} from './ooxml.ts';
import { readSheetRows } from './sheet-reader.ts';
import { classifyCfbFile, containerOf, readHead } from './sniff.ts';
import type { ExcelRow } from './values.ts';
import { ZipPackage } from './zip-package.ts';

export interface ReadWorkbookOptions {
  /** The worksheet to read (its tab name); default the first visible worksheet in tab order. */
  sheet?: string;
  /** The name the user knows the file by, for messages (default the file's own name). */
  fileName?: string;
  limits?: Partial<ExcelReadLimits>;
}

export interface SheetInfo {
  name: string;
  /** Position among the tabs, from 0. */
  index: number;
  state: SheetState;
  kind: 'worksheet' | 'chartsheet' | 'other';
}

export interface WorkbookInfo {
  /** Dates count from 1904-01-01 (Mac Excel, or LibreOffice's date1904="true"). */
  date1904: boolean;
  /** All sheets in tab order. */
  sheets: SheetInfo[];
  /** The sheet that readWorkbook reads with these options. */
  selected: SheetInfo;
}

export interface WorkbookRows extends AsyncIterable<ExcelRow> {
  /** The same rows, `size` at a time (the last batch may be smaller). */
  batches(size: number): AsyncIterable<ExcelRow[]>;
}

/**
 * The rows of one worksheet that hold data, in order. Nothing is read until iteration starts; each iteration
 * reads the file afresh. Throws ExcelError (with a Chinese message) for files it refuses.
 */
export function readWorkbook(source: string, options: ReadWorkbookOptions = {}): WorkbookRows {
  const rows = (): AsyncGenerator<ExcelRow> => streamRows(source, options);
  return {
    [Symbol.asyncIterator]: rows,
    batches: (size: number) => inBatches(rows(), size),
  };
}

/** Checks the file as readWorkbook does and lists its sheets, without reading any rows. */
export async function inspectWorkbook(source: string, options: ReadWorkbookOptions = {}): Promise<WorkbookInfo> {
  const opened = await openWorkbook(source, options);
  opened.pkg.close();
  return opened.info;
}

/** Refuses an import file of 21 MB or more with the spec's message ('{file}文件大小超出20MB!'). */
export function checkImportFileSize(fileName: string, size: number, max = DEFAULT_READ_LIMITS.maxFileBytes): void {
  if (size >= max) throw new ExcelError('FILE_TOO_LARGE', EXCEL_TEXT.fileTooLarge(fileName));
}

async function* streamRows(source: string, options: ReadWorkbookOptions): AsyncGenerator<ExcelRow> {
  const { pkg, info, limits, parts } = await openWorkbook(source, options);
  try {
    const strings: SharedString[] =
      parts.sharedStrings === null ? [] : await parseSharedStrings(pkg.text(parts.sharedStrings), limits.maxCellChars);
    const styles: FormatKind[] = parts.styles === null ? [] : await parseStyles(pkg.text(parts.styles));
    yield* readSheetRows(pkg.text(parts.sheet), {
      sheetName: info.selected.name,
      strings,
      styles,
      date1904: info.date1904,
      limits,
    });
  } finally {
    pkg.close();
  }
}

async function* inBatches<T>(source: AsyncIterable<T>, size: number): AsyncGenerator<T[]> {
  if (!Number.isInteger(size) || size < 1) throw new RangeError('batch size must be a positive integer');
  let batch: T[] = [];
  for await (const item of source) {
    batch.push(item);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

interface OpenedWorkbook {
  pkg: ZipPackage;
  info: WorkbookInfo;
  limits: ExcelReadLimits;
  parts: { sheet: string; sharedStrings: string | null; styles: string | null };
}

async function openWorkbook(source: string, options: ReadWorkbookOptions): Promise<OpenedWorkbook> {
  const limits: ExcelReadLimits = { ...DEFAULT_READ_LIMITS, ...options.limits };
  const { size } = await stat(source);
  if (size === 0) throw new ExcelError('EMPTY_FILE', EXCEL_TEXT.emptyFile);
  checkImportFileSize(options.fileName ?? basename(source), size, limits.maxFileBytes);

  switch (containerOf(await readHead(source))) {
    case 'zip':
      break;
    case 'cfb':
      switch (await classifyCfbFile(source)) {
        case 'encrypted-ooxml':
          throw new ExcelError('ENCRYPTED', EXCEL_TEXT.encrypted);
        case 'legacy-xls':
          throw new ExcelError('LEGACY_XLS', EXCEL_TEXT.legacyXls);
        case 'other':
          throw new ExcelError('NOT_XLSX', EXCEL_TEXT.notXlsx);
      }
      break;
    case 'empty':
      throw new ExcelError('EMPTY_FILE', EXCEL_TEXT.emptyFile);
    case 'unknown':
      throw new ExcelError('NOT_XLSX', EXCEL_TEXT.notXlsx);
  }

  const pkg = await ZipPackage.open(source, limits);
  try {
    const small = (part: string): AsyncIterable<string> => {
      if (pkg.size(part) > limits.maxSmallPartBytes) {
        throw new ExcelError('UNSUPPORTED', EXCEL_TEXT.unsupported(`${part} 过大`));
      }
      return pkg.text(part);
    };
    const relsOf = async (part: string): Promise<Relationship[]> => {
      const rels = relsPartOf(part);
      return pkg.has(rels) ? parseRelationships(small(rels), part) : [];
    };

    const rootRels = await relsOf('');
    let workbookPart = rootRels.find((r) => r.type === 'officeDocument')?.part ?? 'xl/workbook.xml';
    if (!pkg.has(workbookPart) && pkg.has('xl/workbook.xml')) workbookPart = 'xl/workbook.xml';
    if (/\.bin$/i.test(workbookPart)) throw new ExcelError('UNSUPPORTED', EXCEL_TEXT.unsupported('.xlsb 二进制工作簿'));
    if (!pkg.has(workbookPart)) throw new ExcelError('UNSUPPORTED', EXCEL_TEXT.unsupported('缺少 xl/workbook.xml'));

    const book = await parseWorkbookPart(small(workbookPart));
    const rels = await relsOf(workbookPart);
    const byId = new Map(rels.map((r) => [r.id, r]));
    const sheets = book.sheets.map((s, index) => {
      const rel = s.relId === null ? undefined : byId.get(s.relId);
      const kind: SheetInfo['kind'] =
        rel?.type === 'worksheet' ? 'worksheet' : rel?.type === 'chartsheet' ? 'chartsheet' : 'other';
      return { info: { name: s.name, index, state: s.state, kind }, part: rel?.part ?? null };
    });

    const chosen = chooseSheet(sheets, options.sheet);
    if (chosen.part === null || !pkg.has(chosen.part)) {
      throw new ExcelError('UNSUPPORTED', EXCEL_TEXT.unsupported(`找不到工作表“${chosen.info.name}”的数据`));
    }
    const partOf = (type: string, fallback: string): string | null => {
      const part = rels.find((r) => r.type === type)?.part ?? fallback;
      return pkg.has(part) ? part : null;
    };
    const sharedStrings = partOf('sharedStrings', 'xl/sharedStrings.xml');
    if (sharedStrings !== null && pkg.size(sharedStrings) > limits.maxSharedStringsBytes) {
      throw new ExcelError('UNSUPPORTED', EXCEL_TEXT.unsupported('共享字符串过大'));
    }
    const styles = partOf('styles', 'xl/styles.xml');
    if (styles !== null && pkg.size(styles) > limits.maxSmallPartBytes) {
      throw new ExcelError('UNSUPPORTED', EXCEL_TEXT.unsupported('样式表过大'));
    }
    return {
      pkg,
      info: { date1904: book.date1904, sheets: sheets.map((s) => s.info), selected: chosen.info },
      limits,
      parts: { sheet: chosen.part, sharedStrings, styles },
    };
  } catch (err) {
    pkg.close();
    throw err;
  }
}

function chooseSheet<T extends { info: SheetInfo }>(sheets: T[], wanted: string | undefined): T {
  if (wanted === undefined) {
    const first = sheets.find((s) => s.info.kind === 'worksheet' && s.info.state === 'visible');
    if (!first) throw new ExcelError('NO_SHEET', EXCEL_TEXT.noSheet);
    return first;
  }
  const norm = (s: string) => s.trim().toLowerCase();
  const found = sheets.find((s) => s.info.name === wanted) ?? sheets.find((s) => norm(s.info.name) === norm(wanted));
  if (!found) throw new ExcelError('SHEET_NOT_FOUND', EXCEL_TEXT.sheetNotFound(wanted));
  if (found.info.kind !== 'worksheet') throw new ExcelError('NO_SHEET', EXCEL_TEXT.notWorksheet(found.info.name));
  return found;
}
