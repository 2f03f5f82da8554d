import { describe, expect, it } from 'vitest';
import { filenameFromContentDisposition as nameOf } from './content-disposition.ts';

describe('filenameFromContentDisposition', () => {
  it('reads a plain filename, quoted or not', () => {
    expect(nameOf('attachment; filename="report.xlsx"')).toBe('report.xlsx');
    expect(nameOf('attachment;filename=report.xlsx')).toBe('report.xlsx');
    expect(nameOf('attachment; filename="a \\"b\\"; c.txt"; size=3')).toBe('a "b"; c.txt');
  });

  it('prefers the RFC 6266 filename* over filename, in either order', () => {
    const star = `filename*=UTF-8''${encodeURIComponent('用户 列表.xls')}`;
    expect(nameOf(`attachment; filename="users.xls"; ${star}`)).toBe('用户 列表.xls');
    expect(nameOf(`attachment; ${star}; filename="users.xls"`)).toBe('用户 列表.xls');
    expect(nameOf("attachment; FILENAME*=utf-8'zh-CN'%E6%8A%A5%E8%A1%A8.pdf")).toBe('报表.pdf');
    expect(nameOf("attachment; filename*=iso-8859-1'en'%A3%20rates.txt")).toBe('£ rates.txt');
  });

  it('falls back to filename when filename* is unreadable', () => {
    expect(nameOf("attachment; filename*=x-unknown''abc; filename=plain.txt")).toBe('plain.txt');
    expect(nameOf("attachment; filename*=UTF-8''%FF%FE; filename=plain.txt")).toBe('plain.txt');
  });

  it('decodes a URL-encoded plain filename, as JeecgBoot sends it', () => {
    expect(nameOf(`attachment;filename=${encodeURIComponent('工资条.xlsx')}`)).toBe('工资条.xlsx');
    expect(nameOf('attachment; filename="100%.txt"')).toBe('100%.txt');
  });

  it('gives null without a header or a name', () => {
    expect(nameOf(null)).toBeNull();
    expect(nameOf('')).toBeNull();
    expect(nameOf('inline')).toBeNull();
    expect(nameOf('attachment; filename=""')).toBeNull();
  });
});
