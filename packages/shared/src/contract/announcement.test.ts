import { describe, expect, it } from 'vitest';
import { AnnouncementAddBody, AnnouncementIdsQuery, clampedPageSize, parseWireTime, splitIds } from './announcement.ts';

describe('parseWireTime', () => {
  it('reads the wire format as Asia/Shanghai and ISO with a zone as given', () => {
    expect(parseWireTime('2024-05-01 08:00:00')).toBe(Date.parse('2024-05-01T00:00:00Z'));
    expect(parseWireTime('2024-05-01 08:00')).toBe(Date.parse('2024-05-01T00:00:00Z'));
    expect(parseWireTime('2024-05-01')).toBe(Date.parse('2024-04-30T16:00:00Z'));
    expect(parseWireTime('2024-05-01T08:00:00+08:00')).toBe(Date.parse('2024-05-01T00:00:00Z'));
  });

  it('refuses dates that do not exist and other text', () => {
    for (const bad of ['2024-02-30 10:00:00', '2024-13-01', '2024-05-01 24:00:00', 'tomorrow', '', '1714521600000']) {
      expect(parseWireTime(bad), bad).toBeNull();
    }
  });
});

describe('id lists', () => {
  it('split Jeecg comma lists with a trailing comma, dropping blanks and repeats', () => {
    expect(splitIds('a,b,,a, c ,')).toEqual(['a', 'b', 'c']);
    expect(splitIds(undefined)).toEqual([]);
    expect(AnnouncementIdsQuery.parse({ ids: 'x,y,' }).ids).toEqual(['x', 'y']);
  });
});

describe('page sizes', () => {
  it('are clamped into range, not refused', () => {
    const size = clampedPageSize(7, 100);
    expect(size.parse(undefined)).toBe(7);
    expect(size.parse('100000')).toBe(100);
    expect(size.parse('0')).toBe(1);
    expect(size.safeParse('abc').success).toBe(false);
  });
});

describe('AnnouncementAddBody', () => {
  it('fills the defaults and drops fields the server owns', () => {
    const parsed = AnnouncementAddBody.parse({ titile: '标题', msgContent: '内容', sendStatus: '1', id: 'x' });
    expect(parsed).toEqual({ titile: '标题', msgContent: '内容', priority: 'L', msgCategory: '1', msgType: 'ALL' });
  });

  it('accepts site paths and http(s) links to open, nothing else', () => {
    const withPage = (openPage: string) =>
      AnnouncementAddBody.safeParse({ titile: 't', msgContent: 'c', openType: 'url', openPage }).success;
    expect(withPage('https://example.com/a?b=1')).toBe(true);
    expect(withPage('/isps/userAnnouncement')).toBe(true);
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', '//evil.example', 'ftp://x', 'relative/path']) {
      expect(withPage(bad), bad).toBe(false);
    }
  });
});
