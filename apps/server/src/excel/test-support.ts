/**
 * Test helpers for the Excel module (imported by *.test.ts only): where the shared fixtures are, a temp folder,
 * and a hand-written zip writer for crafted packages (bombs, bad names, prefixed SpreadsheetML).
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { constants as zlibConstants, crc32, deflateRawSync } from 'node:zlib';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

/**
 * The 16 real-world files described in shared/data/xlsx/README.md (outside this repository): HOUTAI_SHARED_DATA
 * (the shared data folder) when set, else `../shared/data` next to the checkout (the working tree), else the
 * workplace's `/work/shared/data` (a clean clone elsewhere on the same machine, as CI makes).
 */
const FIXTURE_CANDIDATES = [
  ...(process.env['HOUTAI_SHARED_DATA'] ? [path.join(process.env['HOUTAI_SHARED_DATA'], 'xlsx')] : []),
  path.resolve(repoRoot, '../shared/data/xlsx'),
  '/work/shared/data/xlsx',
];
export const FIXTURES_DIR = FIXTURE_CANDIDATES.find((dir) => existsSync(dir)) ?? FIXTURE_CANDIDATES[0]!;

export function fixture(name: string): string {
  return path.join(FIXTURES_DIR, name);
}

/** In CI a missing fixture folder fails the suite; elsewhere the fixture tests are skipped with this reason. */
export function fixturesMissing(): string | null {
  if (existsSync(FIXTURES_DIR)) return null;
  const message = `Excel fixtures not found at ${FIXTURE_CANDIDATES.join(' or ')} (set HOUTAI_SHARED_DATA to the shared data folder)`;
  if (process.env['CI']) throw new Error(message);
  return message;
}

export interface TempDir {
  dir: string;
  file(name: string, data: Buffer | string): Promise<string>;
  path(name: string): string;
  remove(): Promise<void>;
}

export async function tempDir(): Promise<TempDir> {
  const dir = await mkdtemp(path.join(tmpdir(), 'houtai-excel-'));
  return {
    dir,
    async file(name, data) {
      const p = path.join(dir, name);
      await writeFile(p, data);
      return p;
    },
    path: (name) => path.join(dir, name),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

export interface ZipEntrySpec {
  name: string;
  data: Buffer | string;
  /** 8 deflate (default), 0 stored. */
  method?: 0 | 8;
  /** Lie about the uncompressed size in both headers. */
  declaredSize?: number;
  /** An already deflated body (method 8) with its true size and CRC; `data` is then ignored. */
  deflated?: { body: Buffer; size: number; crc: number };
}

/** A zip file built byte by byte (no library), so tests can write what no well-behaved zipper would. */
export function buildZip(entries: readonly ZipEntrySpec[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const raw = typeof e.data === 'string' ? Buffer.from(e.data, 'utf8') : e.data;
    const method = e.deflated ? 8 : (e.method ?? 8);
    const body = e.deflated ? e.deflated.body : method === 8 ? deflateRawSync(raw) : raw;
    const name = Buffer.from(e.name, 'utf8');
    const crc = e.deflated ? e.deflated.crc : crc32(raw);
    const size = e.declaredSize ?? (e.deflated ? e.deflated.size : raw.length);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';

export interface XlsxSpec {
  /** The <sheetData> content (rows), or a whole worksheet document when it starts with '<?xml' or '<'+'worksheet'. */
  sheet: string;
  sharedStrings?: string[];
  /** cellXfs numFmtIds and custom formats. */
  styles?: { xfs: number[]; formats?: Record<number, string> };
  date1904?: string;
  /** Lie about the sheet part's uncompressed size. */
  sheetDeclaredSize?: number;
  /** The sheet part already deflated (a bomb); `sheet` is then ignored. */
  sheetDeflated?: ZipEntrySpec['deflated'];
  extra?: ZipEntrySpec[];
}

/** A minimal single-sheet .xlsx from XML fragments. */
export function buildXlsx(spec: XlsxSpec): Buffer {
  const sheet = spec.sheet.startsWith('<?xml')
    ? spec.sheet
    : `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>${spec.sheet}</sheetData></worksheet>`;
  const rels = [`<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>`];
  const entries: ZipEntrySpec[] = [
    {
      name: '_rels/.rels',
      data: `<Relationships xmlns="${PKG_REL}"><Relationship Id="r1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      data: `<workbook xmlns="${MAIN}" xmlns:r="${REL}">${
        spec.date1904 === undefined ? '' : `<workbookPr date1904="${spec.date1904}"/>`
      }<sheets><sheet name="数据" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      data: sheet,
      declaredSize: spec.sheetDeclaredSize,
      deflated: spec.sheetDeflated,
    },
  ];
  if (spec.sharedStrings) {
    rels.push(`<Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>`);
    const items = spec.sharedStrings.map((s) => `<si><t xml:space="preserve">${s}</t></si>`).join('');
    entries.push({ name: 'xl/sharedStrings.xml', data: `<sst xmlns="${MAIN}">${items}</sst>` });
  }
  if (spec.styles) {
    rels.push(`<Relationship Id="rId3" Type="${REL}/styles" Target="styles.xml"/>`);
    const formats = Object.entries(spec.styles.formats ?? {})
      .map(([id, code]) => `<numFmt numFmtId="${id}" formatCode="${code.replace(/"/g, '&quot;')}"/>`)
      .join('');
    const xfs = spec.styles.xfs.map((id) => `<xf numFmtId="${id}" applyNumberFormat="1"/>`).join('');
    entries.push({
      name: 'xl/styles.xml',
      data: `<styleSheet xmlns="${MAIN}"><numFmts>${formats}</numFmts><cellXfs>${xfs}</cellXfs></styleSheet>`,
    });
  }
  entries.push({
    name: 'xl/_rels/workbook.xml.rels',
    data: `<Relationships xmlns="${PKG_REL}">${rels.join('')}</Relationships>`,
  });
  return buildZip([...entries, ...(spec.extra ?? [])]);
}

/**
 * A deflated sheet part that really inflates to `gib` GiB of rows: one full-flushed deflate block of 1 MiB of row
 * XML repeated (each copy stands alone, so the copies join into one valid stream), then an empty final block.
 * A few MB on disk; the CRC is the true one.
 */
export function inflatingSheet(gib: number): NonNullable<ZipEntrySpec['deflated']> {
  const row = '<row r="1"><c r="A1" t="inlineStr"><is><t>炸弹</t></is></c></row>';
  const block = Buffer.alloc(1 << 20, row);
  const head = Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>`);
  const flush = { level: 9, finishFlush: zlibConstants.Z_FULL_FLUSH };
  const copies = gib * 1024;
  const one = deflateRawSync(block, flush);
  let crc = crc32(head);
  for (let i = 0; i < copies; i++) crc = crc32(block, crc);
  return {
    body: Buffer.concat([deflateRawSync(head, flush), ...Array<Buffer>(copies).fill(one), Buffer.from([3, 0])]),
    size: head.length + copies * block.length,
    crc,
  };
}
