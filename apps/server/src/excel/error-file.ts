/**
 * The per-row error file of an import (spec: import code 201, a download link for a detail file): one row per
 * rejected row with its row number, the messages and the original cells, so the user can fix and re-upload.
 */
import type { Writable } from 'node:stream';
import { cellText } from './header-map.ts';
import type { ExcelValue } from './values.ts';
import { writeXlsx, type ExportColumn, type XlsxWriteSummary } from './writer.ts';

export interface RejectedRow {
  sheetName: string;
  rowNumber: number;
  /** The row's cells as read (index 0 = column A). */
  values: readonly ExcelValue[];
  messages: readonly string[];
}

export interface ErrorFileOptions {
  /** The titles of the original columns (the file's header row), in sheet order. */
  headers: readonly string[];
  /** Add a 工作表 column (for imports that read several sheets). */
  withSheetName?: boolean;
}

/**
 * Writes the error file. Original cells are written as they showed (dates as dates, numbers as numbers, Excel
 * errors as their '#VALUE!' text) with the export's formula escaping, since they come from an upload.
 */
export async function writeErrorFile(
  target: string | Writable,
  rows: Iterable<RejectedRow> | AsyncIterable<RejectedRow>,
  options: ErrorFileOptions,
): Promise<XlsxWriteSummary> {
  const width = Math.max(options.headers.length, 1);
  const columns: ExportColumn[] = [
    ...(options.withSheetName ? [{ key: 'sheet', title: '工作表', type: 'string' as const }] : []),
    { key: 'row', title: '行号', type: 'number', width: 8 },
    { key: 'messages', title: '错误信息', type: 'string', width: 50 },
    ...Array.from({ length: width }, (_, i) => ({ key: `c${i}`, title: options.headers[i] ?? '' })),
  ];
  async function* records(): AsyncGenerator<Record<string, unknown>> {
    for await (const row of rows) {
      const record: Record<string, unknown> = {
        sheet: row.sheetName,
        row: row.rowNumber,
        messages: row.messages.join('；'),
      };
      for (let i = 0; i < width; i++) record[`c${i}`] = original(row.values[i] ?? null);
      yield record;
    }
  }
  return writeXlsx(target, columns, records(), { sheetName: '错误信息' });
}

/** The writer takes read values as they are (dates and times are written back as such); errors as their text. */
function original(value: ExcelValue): unknown {
  return typeof value === 'object' && value !== null && value.kind === 'error' ? cellText(value) : value;
}
