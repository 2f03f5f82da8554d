/**
 * The field registry assembled from the modules' declarations: the work-order export and import columns it derives
 * are the ones the task centre always wrote and read (same keys, titles, order, widths, dictionary column), and the
 * lookups stay keyed by own names only.
 */
import { describe, expect, it } from 'vitest';
import { checkEntities, ENTITIES } from '../src/registry/entities.ts';
import { exportColumns, importColumns, sortFor } from '../src/registry/index.ts';
import { WORK_ORDER_FIELDS } from '../src/modules/work-order/work-order.fields.ts';

describe('work-order columns from the fields declaration', () => {
  it('the export writes the list record in the columns it always had', () => {
    expect(exportColumns('bi_work_order')).toStrictEqual([
      { key: 'orderNo', title: '工单号', type: 'string', width: 18 },
      { key: 'title', title: '标题', type: 'string', width: 30 },
      { key: 'content', title: '内容', type: 'string', width: 40 },
      { key: 'priority_dictText', title: '优先级', type: 'string' },
      { key: 'status_dictText', title: '状态', type: 'string' },
      { key: 'reporterId_dictText', title: '提交人', type: 'string' },
      { key: 'assigneeId_dictText', title: '处理人', type: 'string' },
      { key: 'createTime', title: '创建时间', type: 'string', width: 20 },
      { key: 'closedBy_dictText', title: '关闭人', type: 'string' },
      { key: 'closedTime', title: '关闭时间', type: 'string', width: 20 },
    ]);
  });

  it('the import template reads the business key 工单号, title, content and the priority dictionary (three values)', async () => {
    const asked: string[] = [];
    const columns = await importColumns('bi_work_order', async (code) => {
      asked.push(code);
      return [
        { value: 'H', text: '高' },
        { value: 'U', text: '紧急' },
        { value: 'M', text: '中' },
        { value: 'L', text: '低' },
      ];
    });
    expect(asked).toEqual(['priority']);
    expect(columns).toStrictEqual([
      { key: 'orderNo', title: '工单号', type: 'string' },
      { key: 'title', title: '标题', type: 'string', required: true },
      { key: 'content', title: '内容', type: 'string' },
      {
        key: 'priority',
        title: '优先级',
        type: 'dict',
        options: [
          { value: 'H', text: '高' },
          { value: 'M', text: '中' },
          { value: 'L', text: '低' },
        ],
      },
    ]);
  });

  it('an entity without export fields has no export', () => {
    expect(() => exportColumns('sys_role')).toThrow(/no export fields/);
    expect(() => exportColumns('__proto__')).toThrow(/no entity/);
  });
});

describe('assembly', () => {
  it('every entity is declared once, under names no other entity takes', () => {
    expect(() => checkEntities(ENTITIES)).not.toThrow();
    expect(() => checkEntities([...ENTITIES, WORK_ORDER_FIELDS])).toThrow(/bi_work_order is taken/);
  });

  it('refuses a declaration naming a field it does not have', () => {
    const broken = { ...WORK_ORDER_FIELDS, names: ['broken'], defaultOrder: [['nope', 'asc']] as const };
    expect(() => checkEntities([broken])).toThrow(/no field nope/);
  });

  it('sorting reads the flags: a declared but unsortable field is refused', () => {
    expect(() => sortFor('bi_work_order', 'closedBy', 'asc')).toThrow('排序字段不正确');
    expect(() => sortFor('bi_work_order', 'content', 'asc')).toThrow();
    expect(() => sortFor('bi_work_order', 'constructor', 'asc')).toThrow();
    expect(() => sortFor('bi_work_order', 'reporterId_dictText', 'desc')).not.toThrow();
  });
});
