import { randomBytes } from 'node:crypto';
import { open as openFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MB } from '@houtai/shared/upload';
import { IMPORT_MAX_BYTES } from '@houtai/shared/upload';
import { ExcelError } from './excel-error.ts';
import { checkImportFileSize, readWorkbook, type ReadWorkbookOptions } from './reader.ts';
import { buildXlsx, buildZip, tempDir, type TempDir } from './test-support.ts';

let tmp: TempDir;
beforeAll(async () => {
  tmp = await tempDir();
});
afterAll(() => tmp.remove());

async function refusal(data: Buffer, options?: ReadWorkbookOptions): Promise<ExcelError> {
  const file = await tmp.file(`f-${randomBytes(6).toString('hex')}.xlsx`, data);
  try {
    for await (const _row of readWorkbook(file, options)) {
      // read everything
    }
  } catch (err) {
    if (err instanceof ExcelError) return err;
    throw err;
  }
  throw new Error('the file was read, not refused');
}

const okSheet = '<row r="1"><c r="A1" t="inlineStr"><is><t>ok</t></is></c></row>';

describe('what the file is', () => {
  it('an empty file is refused', async () => {
    expect((await refusal(Buffer.alloc(0))).message).toBe('文件内容为空，请重新上传');
  });

  it('a text file named .xlsx is refused as not an .xlsx', async () => {
    const err = await refusal(Buffer.from('姓名,部门\n张三,财务部\n'));
    expect(err.reason).toBe('NOT_XLSX');
    expect(err.message).toBe('文件格式不正确，请上传 .xlsx 文件');
  });

  it('a compound file that is neither a workbook nor encrypted is refused as not an .xlsx', async () => {
    const cfb = Buffer.alloc(1024);
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(cfb);
    expect((await refusal(cfb)).reason).toBe('NOT_XLSX');
  });

  it('a zip without xl/workbook.xml is refused as unsupported', async () => {
    const err = await refusal(buildZip([{ name: 'word/document.xml', data: '<w:document/>' }]));
    expect(err.reason).toBe('UNSUPPORTED');
    expect(err.message).toBe('文件格式不受支持（缺少 xl/workbook.xml），请用 Excel 另存为 .xlsx 后再导入');
  });

  it('a binary .xlsb workbook is refused as unsupported', async () => {
    const rels =
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="r1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.bin"/></Relationships>';
    const err = await refusal(
      buildZip([
        { name: '_rels/.rels', data: rels },
        { name: 'xl/workbook.bin', data: Buffer.alloc(10) },
      ]),
    );
    expect(err.message).toBe('文件格式不受支持（.xlsb 二进制工作簿），请用 Excel 另存为 .xlsx 后再导入');
  });
});

describe('the 21 MB import limit', () => {
  it('a file of 21 MB or more is refused before it is opened, naming the file', async () => {
    const file = tmp.path('big.xlsx');
    const handle = await openFile(file, 'w');
    await handle.write(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    await handle.truncate(IMPORT_MAX_BYTES); // sparse: no 21 MB actually written
    await handle.close();
    const rows = readWorkbook(file, { fileName: '员工导入.xlsx' })[Symbol.asyncIterator]();
    const err = await rows.next().then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ExcelError);
    expect((err as ExcelError).reason).toBe('FILE_TOO_LARGE');
    expect((err as ExcelError).message).toBe('员工导入.xlsx文件大小超出20MB!');
  });

  it('checkImportFileSize takes files under 21 MB', () => {
    expect(IMPORT_MAX_BYTES).toBe(21 * MB);
    expect(() => checkImportFileSize('a.xlsx', 21 * MB - 1)).not.toThrow();
    expect(() => checkImportFileSize('a.xlsx', 21 * MB)).toThrow('a.xlsx文件大小超出20MB!');
  });
});

describe('zip bombs and hostile zips', () => {
  it('an entry declaring more than the entry limit is refused before anything is inflated', async () => {
    // The data is not valid deflate: had it been inflated, the refusal would say "damaged" instead.
    const huge = buildZip([{ name: 'xl/x.bin', data: randomBytes(4096), declaredSize: 400 * MB }]);
    const err = await refusal(huge);
    expect(err.reason).toBe('ZIP_TOO_LARGE');
    expect(err.message).toBe('文件解压后超过 300MB，请拆分后再导入');
    const small = buildXlsx({ sheet: okSheet, extra: [{ name: 'xl/media/a.bin', data: randomBytes(1024) }] });
    expect((await refusal(small, { limits: { maxEntryBytes: 512 } })).reason).toBe('ZIP_TOO_LARGE');
  });

  it('entries adding up to more than the total limit are refused', async () => {
    const parts = Array.from({ length: 4 }, (_, i) => ({ name: `xl/media/p${i}.bin`, data: randomBytes(64 * 1024) }));
    const err = await refusal(buildXlsx({ sheet: okSheet, extra: parts }), { limits: { maxTotalBytes: 200 * 1024 } });
    expect(err.reason).toBe('ZIP_TOO_LARGE');
  });

  it('an entry that inflates more than 100:1 is refused as a suspected zip bomb', async () => {
    const bomb = buildXlsx({ sheet: okSheet, extra: [{ name: 'xl/media/zeros.bin', data: Buffer.alloc(20 * MB) }] });
    expect(bomb.length).toBeLessThan(100 * 1024);
    const err = await refusal(bomb);
    expect(err.reason).toBe('ZIP_RATIO');
    expect(err.message).toBe('文件压缩比异常（疑似压缩炸弹），已拒绝导入');
  });

  it('a sheet that inflates beyond its declared size is stopped there', async () => {
    const rows = Array.from({ length: 2000 }, (_, i) => `<row r="${i + 1}"><c r="A${i + 1}"><v>${i}</v></c></row>`);
    const zip = buildXlsx({ sheet: rows.join(''), sheetDeclaredSize: 1000 });
    const err = await refusal(zip, { limits: { maxRatio: 1e9 } });
    expect(err.reason).toBe('ZIP_RATIO');
  });

  it('too many entries are refused from the central directory count', async () => {
    const extra = Array.from({ length: 10 }, (_, i) => ({ name: `xl/media/e${i}.txt`, data: 'x' }));
    const err = await refusal(buildXlsx({ sheet: okSheet, extra }), { limits: { maxEntries: 8 } });
    expect(err.reason).toBe('ZIP_TOO_MANY_ENTRIES');
    expect(err.message).toBe('文件内部条目超过 8 个，已拒绝导入');
  });

  it.each(['../evil.xml', 'xl/../../evil.xml', '/etc/passwd', 'C:/windows/evil.xml', '..\\evil.xml'])(
    'an entry named %s is refused as an unsafe path',
    async (name) => {
      const err = await refusal(buildXlsx({ sheet: okSheet, extra: [{ name, data: 'x' }] }));
      expect(err.reason).toBe('ZIP_UNSAFE_PATH');
      expect(err.message).toBe('文件内部包含不安全的路径，已拒绝导入');
    },
  );

  it('two entries with the same name (any case) are refused', async () => {
    const zip = buildXlsx({ sheet: okSheet, extra: [{ name: 'XL/Worksheets/Sheet1.xml', data: '<x/>' }] });
    expect((await refusal(zip)).message).toBe('文件格式不受支持（包含重复的条目），请用 Excel 另存为 .xlsx 后再导入');
  });

  it('a damaged deflate stream is refused as a damaged file', async () => {
    const good = buildXlsx({ sheet: okSheet.repeat(1) });
    const bad = Buffer.from(good);
    // Corrupt the first entry's compressed bytes (after its 30-byte header and name).
    const nameLength = bad.readUInt16LE(26);
    for (let i = 30 + nameLength; i < 30 + nameLength + 8; i++) bad[i] = 0xff;
    expect((await refusal(bad)).reason).toBe('DAMAGED');
  });

  it('a DOCTYPE with entities is refused, not expanded', async () => {
    const sheet =
      '<?xml version="1.0"?><!DOCTYPE w [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;">]><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>&b;</t></is></c></row></sheetData></worksheet>';
    expect((await refusal(buildXlsx({ sheet }))).reason).toBe('CORRUPT_XML');
  });
});
