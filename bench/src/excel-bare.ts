/**
 * The excel benchmark's yardstick and helpers, one job per fresh process (so that its peak RSS is its own):
 *
 *   write <file> <rows>        bare exceljs streaming write (WorkbookWriter) of the export's rows
 *   read <file>                bare exceljs streaming read (WorkbookReader) of a file, every cell touched
 *   import-file <file> <rows>  the import benchmark's upload (标题, 内容, 优先级)
 *
 * People (for the names the export shows) come as JSON in BENCH_PEOPLE. Prints one JSON line:
 * { ms, maxRssKb, rows, bytes }; maxRssKb is the kernel's peak RSS of this process (getrusage ru_maxrss, the
 * same figure as VmHWM).
 */
import { statSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { EXPORT_TITLES, exportedCells, IMPORT_TITLES, importCells, ROWS_PER_SHEET, type Person } from './excel-data.ts';

/** Rows between looks at the zip backlog, and the backlog (bytes of sheet XML) at which the writer waits. */
const YIELD_EVERY = 256;
const MAX_BACKLOG_BYTES = 4 * 1024 * 1024;

/**
 * Sheet XML that exceljs has produced but its zip has not taken yet. exceljs pipes each sheet's buffer into the
 * zip without heeding write(), so a loop that never waits keeps the whole workbook's XML in memory (measured:
 * 667 MB for a million rows). A bare streaming write still has to wait for the zip, as XlsxWriter does; this reads
 * the same exceljs internals.
 */
function backlog(sheet: ExcelJS.Worksheet): number {
  const pipes = (sheet as unknown as { stream?: { pipes?: unknown } }).stream?.pipes;
  let total = 0;
  if (Array.isArray(pipes)) {
    for (const pipe of pipes as unknown[]) {
      const length = (pipe as { _writableState?: { length?: unknown } } | null)?._writableState?.length;
      if (typeof length === 'number') total += length;
    }
  }
  return total;
}

async function writeRows(
  file: string,
  sheetName: string,
  rowsPerSheet: number,
  titles: readonly string[],
  count: number,
  cells: (n: number) => (string | null)[],
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: file,
    useSharedStrings: false,
    useStyles: false,
  });
  let sheet: ExcelJS.Worksheet | null = null;
  for (let n = 0; n < count; n++) {
    if (n % rowsPerSheet === 0) {
      sheet?.commit();
      const index = n / rowsPerSheet + 1;
      sheet = workbook.addWorksheet(index === 1 ? sheetName : `${sheetName}(${index})`);
      sheet.addRow([...titles]).commit();
    }
    sheet!.addRow(cells(n)).commit();
    if (n % YIELD_EVERY === YIELD_EVERY - 1) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      while (backlog(sheet!) > MAX_BACKLOG_BYTES) await new Promise<void>((resolve) => setTimeout(resolve, 2));
    }
  }
  (sheet ?? workbook.addWorksheet(sheetName)).commit();
  await workbook.commit();
}

async function readRows(file: string): Promise<number> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'ignore',
    hyperlinks: 'ignore',
    entries: 'emit',
  });
  let rows = 0;
  let chars = 0;
  for await (const worksheet of reader) {
    for await (const row of worksheet) {
      rows++;
      for (const value of row.values as unknown[]) if (typeof value === 'string') chars += value.length;
    }
  }
  if (chars === 0) throw new Error('the read found no text');
  return rows;
}

async function main(): Promise<void> {
  const [job, file, rawCount] = process.argv.slice(2);
  if (!job || !file) throw new Error('usage: excel-bare.ts write|read|import-file <file> [rows]');
  const count = Number(rawCount ?? 0);
  const started = performance.now();
  let rows: number;
  if (job === 'write') {
    const people = JSON.parse(process.env.BENCH_PEOPLE ?? '[]') as Person[];
    if (people.length === 0) throw new Error('BENCH_PEOPLE names nobody');
    // The export's order: newest first (order i was created i minutes after the first).
    await writeRows(file, '工单导出', ROWS_PER_SHEET, EXPORT_TITLES, count, (n) =>
      exportedCells(count - 1 - n, people),
    );
    rows = count;
  } else if (job === 'import-file') {
    // One sheet: an import reads the first visible one.
    await writeRows(file, '工单导入', Infinity, IMPORT_TITLES, count, importCells);
    rows = count;
  } else if (job === 'read') {
    rows = await readRows(file);
  } else {
    throw new Error(`unknown job: ${job}`);
  }
  const ms = performance.now() - started;
  console.log(JSON.stringify({ ms, maxRssKb: process.resourceUsage().maxRSS, rows, bytes: statSync(file).size }));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
