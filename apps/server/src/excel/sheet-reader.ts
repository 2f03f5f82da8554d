/**
 * One worksheet's XML → rows of typed values, streamed. Our own cell interpretation, because the one in
 * exceljs's stream reader loses what an import needs: `t="d"` ISO dates, cached results of formulas that are
 * strings, booleans or errors, inline rich text, phonetic runs, `_xHHHH_` escapes and prefixed element names.
 *
 * Merged cells: only the top-left cell of a merge holds a value in the file, and the import takes the cells as
 * stored, so the covered cells read as empty. Hidden rows and columns are read like the others.
 */
import { CELL_TEXT, EXCEL_TEXT, ExcelError, type ExcelReadLimits } from './excel-error.ts';
import { isoToValue, serialToDate, serialToTime, type FormatKind } from './number-format.ts';
import { finishText, type SharedString } from './ooxml.ts';
import { cellError, columnName, columnOf, isCellError, type ExcelRow, type ExcelValue } from './values.ts';
import { NameResolver, SPREADSHEET_NS, xmlEvents } from './xml.ts';

export interface SheetContext {
  sheetName: string;
  strings: readonly SharedString[];
  /** Format kind per cell style index. */
  styles: readonly FormatKind[];
  date1904: boolean;
  limits: Pick<ExcelReadLimits, 'maxRows' | 'maxColumns' | 'maxCellChars'>;
}

const MAX_EXCEL_ROW = 1_048_576;

const NONE = 0;
const CAPTURE_V = 1;
const CAPTURE_INLINE = 2;

export async function* readSheetRows(text: AsyncIterable<string>, ctx: SheetContext): AsyncGenerator<ExcelRow> {
  const { maxRows, maxColumns, maxCellChars } = ctx.limits;
  const label = `工作表“${ctx.sheetName}”`;
  const rawCap = maxCellChars * 7 + 7;
  let names: NameResolver | null = null;

  let inSheetData = false;
  let inRow = false;
  let rowNumber = 0;
  let lastRow = 0;
  let values: ExcelValue[] = [];

  let inCell = false;
  let col = 0;
  let lastCol = 0;
  let type = 'n';
  let style = 0;
  let hasFormula = false;
  let v: string | null = null;
  let inline: string | null = null;
  let inIs = false;
  let phonetic = 0;
  let capture = NONE;
  let buf = '';

  for await (const events of xmlEvents(text, label)) {
    for (const e of events) {
      if (e.eventType === 'text') {
        if (capture !== NONE && buf.length <= rawCap) buf += e.value;
        continue;
      }
      if (names === null) {
        names = new NameResolver(e.value, SPREADSHEET_NS);
        const root = names.local(e.value.name);
        if (root === 'chartsheet' || root === 'dialogsheet') {
          throw new ExcelError('NO_SHEET', EXCEL_TEXT.notWorksheet(ctx.sheetName));
        }
        if (root !== 'worksheet') throw new ExcelError('UNSUPPORTED', EXCEL_TEXT.unsupported(`${label}的格式无法识别`));
      }
      const name = names.local(e.value.name);
      if (name === null) continue;

      if (e.eventType === 'opentag') {
        const attrs = e.value.attributes;
        switch (name) {
          case 'sheetData':
            inSheetData = !e.value.isSelfClosing;
            break;
          case 'row': {
            if (!inSheetData) break;
            const r = Number(attrs['r']);
            rowNumber = Number.isInteger(r) && r > 0 && r <= MAX_EXCEL_ROW ? r : lastRow + 1;
            inRow = true;
            values = [];
            lastCol = 0;
            break;
          }
          case 'c': {
            if (!inRow) break;
            const ref = attrs['r'];
            col = (ref === undefined ? 0 : columnOf(ref)) || lastCol + 1;
            type = attrs['t'] ?? 'n';
            style = Number(attrs['s'] ?? 0) || 0;
            hasFormula = false;
            v = null;
            inline = null;
            inCell = true;
            break;
          }
          case 'v':
            if (inCell) {
              capture = CAPTURE_V;
              buf = '';
            }
            break;
          case 'f':
            if (inCell) hasFormula = true;
            break;
          case 'is':
            if (inCell) {
              inIs = true;
              inline = '';
            }
            break;
          case 'rPh':
            if (inIs) phonetic++;
            break;
          case 't':
            if (inIs && phonetic === 0) {
              capture = CAPTURE_INLINE;
              buf = '';
            }
            break;
          default:
            break;
        }
        continue;
      }

      // closetag
      switch (name) {
        case 'v':
          if (capture === CAPTURE_V) {
            v = buf;
            capture = NONE;
          }
          break;
        case 't':
          if (capture === CAPTURE_INLINE) {
            inline = (inline ?? '') + buf;
            capture = NONE;
          }
          break;
        case 'rPh':
          if (inIs) phonetic--;
          break;
        case 'is':
          inIs = false;
          break;
        case 'c': {
          if (!inCell) break;
          inCell = false;
          lastCol = col;
          const kind = ctx.styles[style] ?? 'number';
          const value = cellValue(type, kind, v, inline, hasFormula, ctx);
          if (value === null) break;
          if (col > maxColumns) {
            if (value === '') break;
            throw new ExcelError('TOO_MANY_COLUMNS', EXCEL_TEXT.tooManyColumns(rowNumber, maxColumns));
          }
          values[col - 1] = value;
          break;
        }
        case 'row': {
          if (!inRow) break;
          inRow = false;
          lastRow = rowNumber;
          const row = finishRow(ctx.sheetName, rowNumber, values);
          if (row === null) break;
          if (rowNumber > maxRows) throw new ExcelError('TOO_MANY_ROWS', EXCEL_TEXT.tooManyRows(maxRows));
          yield row;
          break;
        }
        case 'sheetData':
          inSheetData = false;
          break;
        default:
          break;
      }
    }
  }
}

/** The row as handed out, or null when it holds nothing (a styled empty row, or only empty strings). */
function finishRow(sheetName: string, rowNumber: number, values: ExcelValue[]): ExcelRow | null {
  const issues: ExcelRow['issues'] = [];
  let hasData = false;
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (value === undefined) {
      values[i] = null;
      continue;
    }
    if (value !== null && value !== '') hasData = true;
    if (isCellError(value)) {
      issues.push({ column: i + 1, ref: `${columnName(i + 1)}${rowNumber}`, message: value.message });
    }
  }
  return hasData ? { sheetName, rowNumber, values, issues } : null;
}

const noCachedValue = () => cellError('NO_CACHED_VALUE', CELL_TEXT.noCachedValue);

function cellValue(
  type: string,
  kind: FormatKind,
  v: string | null,
  inline: string | null,
  hasFormula: boolean,
  ctx: SheetContext,
): ExcelValue {
  const { maxCellChars } = ctx.limits;
  switch (type) {
    case 's': {
      if (v === null) return hasFormula ? noCachedValue() : null;
      const index = Number(v);
      const s = Number.isInteger(index) ? ctx.strings[index] : undefined;
      return s === undefined ? cellError('BAD_SHARED_STRING', CELL_TEXT.badSharedString) : s;
    }
    case 'inlineStr': {
      const raw = inline ?? v;
      if (raw === null) return hasFormula ? noCachedValue() : null;
      return finishText(raw, maxCellChars);
    }
    case 'str':
      if (v === null) return hasFormula ? noCachedValue() : null;
      return finishText(v, maxCellChars);
    case 'b': {
      if (v === null) return hasFormula ? noCachedValue() : null;
      const b = v.trim().toLowerCase();
      return b === '1' || b === 'true';
    }
    case 'e': {
      if (v === null) return noCachedValue();
      const code = v.trim();
      return cellError('ERROR_VALUE', CELL_TEXT.errorValue(code), code);
    }
    case 'd':
      if (v === null) return hasFormula ? noCachedValue() : null;
      return isoToValue(v, kind);
    default: {
      const raw = v?.trim() ?? '';
      if (raw === '') return hasFormula ? noCachedValue() : null;
      const n = Number(raw);
      if (!Number.isFinite(n)) return cellError('BAD_NUMBER', CELL_TEXT.badNumber(raw.slice(0, 50)));
      switch (kind) {
        case 'number':
          return n;
        case 'date':
          return serialToDate(n, false, ctx.date1904);
        case 'datetime':
          return serialToDate(n, true, ctx.date1904);
        case 'time':
          return serialToTime(n, false);
        case 'elapsed':
          return serialToTime(n, true);
      }
    }
  }
}
