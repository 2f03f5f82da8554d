/**
 * The small parts of a workbook package, read by us rather than by exceljs: relationships (so sheets are found
 * by their real part names, in tab order), workbook.xml (date system and sheet states, including LibreOffice's
 * date1904="true"), the shared strings (flattened, phonetic runs dropped, `_xHHHH_` decoded) and the styles
 * (which number format each cell style uses).
 */
import { CELL_TEXT, EXCEL_TEXT, ExcelError } from './excel-error.ts';
import { formatKind, type FormatKind } from './number-format.ts';
import { cellError, decodeEscapes, type ExcelCellError } from './values.ts';
import { localName, NameResolver, SPREADSHEET_NS, xmlEvents, type SaxEvent } from './xml.ts';

export interface Relationship {
  id: string;
  /** The last segment of the relationship type URI: 'officeDocument', 'worksheet', 'sharedStrings' ... */
  type: string;
  /** The target as a part name (no leading slash), or null when external or outside the package. */
  part: string | null;
}

/** 'xl/workbook.xml' → 'xl/_rels/workbook.xml.rels'; the package itself ('') → '_rels/.rels'. */
export function relsPartOf(part: string): string {
  const slash = part.lastIndexOf('/');
  return `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
}

/** Resolves a relationship target against the part that holds it ('/xl/x.xml' is absolute). */
export function resolveTarget(sourcePart: string, target: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(target.replace(/\\/g, '/'));
  } catch {
    decoded = target.replace(/\\/g, '/');
  }
  const base = decoded.startsWith('/') ? [] : sourcePart.split('/').slice(0, -1);
  for (const segment of decoded.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (base.length === 0) return null;
      base.pop();
    } else {
      base.push(segment);
    }
  }
  return base.length ? base.join('/') : null;
}

export async function parseRelationships(text: AsyncIterable<string>, sourcePart: string): Promise<Relationship[]> {
  const rels: Relationship[] = [];
  for await (const events of xmlEvents(text, '关系文件')) {
    for (const e of events) {
      if (e.eventType !== 'opentag' || localName(e.value.name) !== 'Relationship') continue;
      const { Id, Type, Target, TargetMode } = e.value.attributes;
      if (Id === undefined || Type === undefined || Target === undefined) continue;
      rels.push({
        id: Id,
        type: Type.slice(Type.lastIndexOf('/') + 1),
        part: TargetMode === 'External' ? null : resolveTarget(sourcePart, Target),
      });
    }
  }
  return rels;
}

export type SheetState = 'visible' | 'hidden' | 'veryHidden';

export interface WorkbookPart {
  date1904: boolean;
  /** In tab order. */
  sheets: { name: string; state: SheetState; relId: string | null }[];
}

/** Walks a SpreadsheetML part, calling `visit` with each event and the local name of its element (if ours). */
async function walk(
  text: AsyncIterable<string>,
  label: string,
  rootName: string,
  visit: (e: SaxEvent, name: string | null) => void,
): Promise<void> {
  let names: NameResolver | null = null;
  for await (const events of xmlEvents(text, label)) {
    for (const e of events) {
      if (e.eventType === 'text') {
        visit(e, null);
        continue;
      }
      if (names === null) {
        names = new NameResolver(e.value, SPREADSHEET_NS);
        if (names.local(e.value.name) !== rootName) {
          throw new ExcelError('UNSUPPORTED', EXCEL_TEXT.unsupported(`${label}的格式无法识别`));
        }
      }
      visit(e, names.local(e.value.name));
    }
  }
}

export async function parseWorkbookPart(text: AsyncIterable<string>): Promise<WorkbookPart> {
  const book: WorkbookPart = { date1904: false, sheets: [] };
  await walk(text, '工作簿', 'workbook', (e, name) => {
    if (e.eventType !== 'opentag') return;
    const attrs = e.value.attributes;
    if (name === 'workbookPr') {
      // Excel writes "1", LibreOffice "true" (both are xsd:boolean).
      const v = attrs['date1904']?.trim().toLowerCase();
      book.date1904 = v === '1' || v === 'true';
    } else if (name === 'sheet') {
      const state = attrs['state'];
      book.sheets.push({
        name: attrs['name'] ?? '',
        state: state === 'hidden' || state === 'veryHidden' ? state : 'visible',
        relId: relationshipId(attrs),
      });
    }
  });
  return book;
}

/** The `r:id` attribute, whatever its prefix. */
function relationshipId(attrs: Record<string, string>): string | null {
  for (const [name, value] of Object.entries(attrs)) {
    if (name.endsWith(':id')) return value;
  }
  return null;
}

/** A shared string, or the error a too-long one becomes in every cell that uses it. */
export type SharedString = string | ExcelCellError;

export async function parseSharedStrings(text: AsyncIterable<string>, maxCellChars: number): Promise<SharedString[]> {
  const table: SharedString[] = [];
  // Escapes are decoded after collecting, so keep up to 7 raw characters per character allowed.
  const rawCap = maxCellChars * 7 + 7;
  let parts: string[] = [];
  let length = 0;
  let inT = false;
  let phonetic = 0;
  await walk(text, '共享字符串', 'sst', (e, name) => {
    if (e.eventType === 'text') {
      if (inT && phonetic === 0 && length <= rawCap) {
        parts.push(e.value);
        length += e.value.length;
      }
      return;
    }
    if (e.eventType === 'opentag') {
      if (name === 'si') {
        parts = [];
        length = 0;
      } else if (name === 'rPh') {
        phonetic++;
      } else if (name === 't') {
        inT = !e.value.isSelfClosing;
      }
      return;
    }
    if (name === 't') inT = false;
    else if (name === 'rPh') phonetic--;
    else if (name === 'si') table.push(finishText(parts.join(''), maxCellChars));
  });
  return table;
}

/** Decodes escapes and applies the cell length limit. */
export function finishText(raw: string, maxCellChars: number): SharedString {
  const text = decodeEscapes(raw);
  return text.length > maxCellChars ? cellError('TEXT_TOO_LONG', CELL_TEXT.textTooLong(maxCellChars)) : text;
}

/** The number-format kind of each cell style (`s` attribute → index into cellXfs). */
export async function parseStyles(text: AsyncIterable<string>): Promise<FormatKind[]> {
  const codes = new Map<number, string>();
  const xfFormats: number[] = [];
  let inNumFmts = false;
  let inCellXfs = false;
  await walk(text, '样式', 'styleSheet', (e, name) => {
    if (e.eventType === 'text') return;
    const open = e.eventType === 'opentag';
    if (name === 'numFmts') inNumFmts = open && !e.value.isSelfClosing;
    else if (name === 'cellXfs') inCellXfs = open && !e.value.isSelfClosing;
    else if (open && name === 'numFmt' && inNumFmts) {
      const id = Number(e.value.attributes['numFmtId']);
      const code = e.value.attributes['formatCode'];
      if (Number.isInteger(id) && code !== undefined) codes.set(id, code);
    } else if (open && name === 'xf' && inCellXfs) {
      xfFormats.push(Number(e.value.attributes['numFmtId'] ?? 0) || 0);
    }
  });
  return xfFormats.map((id) => formatKind(id, codes.get(id)));
}
