import { describe, expect, it } from 'vitest';
import { GRID_PAGE_ID_PATTERN, parseGridRealtimeMessage } from './realtime.ts';

describe('the grid realtime page id', () => {
  it('accepts 1–100 letters, digits and _ - : .', () => {
    expect(GRID_PAGE_ID_PATTERN.test('a')).toBe(true);
    expect(GRID_PAGE_ID_PATTERN.test('order-list_v2:main.grid')).toBe(true);
    expect(GRID_PAGE_ID_PATTERN.test('x'.repeat(100))).toBe(true);
  });

  it('refuses an empty id, more than 100 characters, slashes, spaces and other characters', () => {
    for (const bad of ['', 'x'.repeat(101), 'a/b', 'a b', '页面', 'a?b', 'a%2F']) {
      expect(GRID_PAGE_ID_PATTERN.test(bad)).toBe(false);
    }
  });
});

describe('parseGridRealtimeMessage', () => {
  it('reads a heartbeat with or without data', () => {
    expect(parseGridRealtimeMessage('{"type":"heart_beat"}')).toEqual({ type: 'heart_beat' });
    expect(parseGridRealtimeMessage('{"type":"heart_beat","data":true}')).toEqual({ type: 'heart_beat', data: true });
  });

  it('reads common_send_date with any data', () => {
    expect(parseGridRealtimeMessage('{"type":"common_send_date","data":{"a":1}}')).toEqual({
      type: 'common_send_date',
      data: { a: 1 },
    });
  });

  it('reads an update with its socketKey, row and senderId; a missing senderId becomes empty', () => {
    const row = { id: 'r1', name: '张三' };
    expect(
      parseGridRealtimeMessage(
        JSON.stringify({ type: 'update_vxe_table', data: { socketKey: 'k', row, senderId: 's' } }),
      ),
    ).toEqual({ type: 'update_vxe_table', data: { socketKey: 'k', row, senderId: 's' } });
    expect(
      parseGridRealtimeMessage(JSON.stringify({ type: 'update_vxe_table', data: { socketKey: 'k', row } })),
    ).toEqual({ type: 'update_vxe_table', data: { socketKey: 'k', row, senderId: '' } });
  });

  it('refuses an update without a socketKey, with a too long one, or with a row without an id', () => {
    const row = { id: 'r1' };
    for (const data of [
      { row },
      { socketKey: '', row },
      { socketKey: 'k'.repeat(101), row },
      { socketKey: 'k' },
      { socketKey: 'k', row: { name: 'x' } },
      { socketKey: 'k', row: { id: 1 } },
      { socketKey: 'k', row: [] },
      null,
    ]) {
      expect(parseGridRealtimeMessage(JSON.stringify({ type: 'update_vxe_table', data }))).toBeNull();
    }
  });

  it('refuses non-JSON, non-objects, unknown types and non-strings', () => {
    for (const bad of ['ping', '[]', '"heart_beat"', 'null', '{"type":"other"}', '{}']) {
      expect(parseGridRealtimeMessage(bad)).toBeNull();
    }
    expect(parseGridRealtimeMessage(new ArrayBuffer(2))).toBeNull();
  });
});
