/**
 * The task centre's kind registry: the kinds the business modules register are found by (module, method), url or
 * business type; two kinds answering to the same name, or a kind whose entity declares no columns, stop the start;
 * and the task centre itself names no business module (the kinds come from modules/index.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TaskKindRegistry } from '../src/modules/async-task/async-task.kinds.ts';
import { TASK_KINDS } from '../src/modules/index.ts';
import { WORK_ORDER_EXPORT, WORK_ORDER_IMPORT } from '../src/modules/work-order/work-order.tasks.ts';

describe('task kinds', () => {
  it('finds the work-order kinds by name, url (query ignored) and business type only', () => {
    expect(TASK_KINDS.findExport({ module: 'bi', method: 'workOrderExport' })).toBe(WORK_ORDER_EXPORT);
    expect(TASK_KINDS.findExport({ url: '/bi/workOrder/list?pageNo=1' })).toBe(WORK_ORDER_EXPORT);
    expect(TASK_KINDS.findExport({ url: '/bi/workOrder/importExcel' })).toBeNull();
    expect(TASK_KINDS.findExport({ url: 'http://evil.example/bi/workOrder/list' })).toBeNull();
    expect(TASK_KINDS.findImport({ businessType: 'WORK_ORDER' })).toBe(WORK_ORDER_IMPORT);
    expect(TASK_KINDS.findImport({ url: '/bi/workOrder/importExcel' })).toBe(WORK_ORDER_IMPORT);
    expect(TASK_KINDS.findImport({ businessType: '__proto__' })).toBeNull();
  });

  it('refuses two kinds answering to the same name, url or business type', () => {
    const twin = { ...WORK_ORDER_EXPORT, method: 'other' };
    expect(() => new TaskKindRegistry([{ exports: [WORK_ORDER_EXPORT] }, { exports: [twin] }])).toThrow(
      /\/bi\/workOrder\/exportXls/,
    );
    const sameType = { ...WORK_ORDER_IMPORT, method: 'other', urls: [] };
    expect(() => new TaskKindRegistry([{ imports: [WORK_ORDER_IMPORT, sameType] }])).toThrow(/businessType WORK_ORDER/);
  });

  it('refuses a kind whose entity declares no export or import columns', () => {
    expect(() => new TaskKindRegistry([{ exports: [{ ...WORK_ORDER_EXPORT, entity: 'sys_role' }] }])).toThrow(
      /no export fields/,
    );
    expect(() => new TaskKindRegistry([{ imports: [{ ...WORK_ORDER_IMPORT, entity: 'nope' }] }])).toThrow(/no entity/);
  });

  it('the task centre imports no business module', () => {
    const dir = path.resolve(import.meta.dirname, '../src/modules/async-task');
    // Shared system modules it may use through their services: dictionaries (labels) and files (uploads, outputs).
    const allowed = new Set(['dict', 'files', 'async-task']);
    const named = new Set<string>();
    for (const file of readdirSync(dir)) {
      const text = readFileSync(path.join(dir, file), 'utf8');
      for (const m of text.matchAll(/from '\.\.\/([^./'][^/']*)\//g)) named.add(`${file} → ${m[1]}`);
    }
    expect(named.size).toBeGreaterThan(0);
    for (const edge of named) expect(allowed, edge).toContain(edge.split(' → ')[1]);
  });
});
