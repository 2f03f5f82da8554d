import { describe, expect, it } from 'vitest';
import { LIST_COLUMNS_MAX_HIDDEN, LIST_COLUMNS_MAX_LISTS, ListColumnSettings } from './list-page.ts';

describe('ListColumnSettings', () => {
  it('keeps hidden columns per list, once each, and drops lists with none', () => {
    expect(ListColumnSettings.parse({ '/bi/workOrder/WorkOrderList': ['title', 'title', 'status'], '/x': [] })).toEqual(
      {
        '/bi/workOrder/WorkOrderList': ['title', 'status'],
      },
    );
  });
  it('refuses keys that are not plain names and oversized settings', () => {
    expect(ListColumnSettings.safeParse({ "x' or 1=1": ['a'] }).success).toBe(false);
    expect(ListColumnSettings.safeParse({ x: ['<script>'] }).success).toBe(false);
    expect(
      ListColumnSettings.safeParse({ x: Array.from({ length: LIST_COLUMNS_MAX_HIDDEN + 1 }, (_, i) => `c${i}`) })
        .success,
    ).toBe(false);
    const many = Object.fromEntries(Array.from({ length: LIST_COLUMNS_MAX_LISTS + 1 }, (_, i) => [`l${i}`, ['a']]));
    expect(ListColumnSettings.safeParse(many).success).toBe(false);
    expect(ListColumnSettings.safeParse(['a']).success).toBe(false);
  });
});
