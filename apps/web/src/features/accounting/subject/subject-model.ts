/**
 * Pure helpers of 会计科目: the tree table's rows, the expand-all keys, and the form — its values for 新增一级科目,
 * 新增下级 and 编辑, and the body the shared schemas check (with the 新增下级 rule that the code extends the parent's).
 */
import {
  SUBJECT_LIMITS,
  SUBJECT_TEXT,
  SubjectAddBody,
  SubjectEditBody,
  categoryOfCode,
  type SubjectTreeNode,
} from '@houtai/shared/contract/accounting-subject';
import { checkWithSchema, type FieldErrors } from '../../../lib/zod-form.ts';

/** A node as the tree table reads it: `children` only when there are some (antd draws no expander then). */
export type SubjectRow = Omit<SubjectTreeNode, 'children'> & { children?: SubjectRow[] };

export function toRows(tree: readonly SubjectTreeNode[]): SubjectRow[] {
  return tree.map(({ children, ...node }) => (children.length > 0 ? { ...node, children: toRows(children) } : node));
}

/** The ids of every row with children: 展开全部. */
export function expandableKeys(rows: readonly SubjectRow[]): string[] {
  const out: string[] = [];
  const walk = (list: readonly SubjectRow[]) => {
    for (const r of list) {
      if (r.children) {
        out.push(r.id);
        walk(r.children);
      }
    }
  };
  walk(rows);
  return out;
}

/** Whether a subject may get a sub-account (4 levels at most). */
export const canAddChild = (r: Pick<SubjectRow, 'level'>) => r.level < SUBJECT_LIMITS.maxLevel;

/** What the dialog does: a new subject (under a parent: 新增下级) or an existing one edited. */
export type SubjectEditing = { kind: 'add'; parent: SubjectRow | null } | { kind: 'edit'; record: SubjectRow };

export interface SubjectFormValues {
  code?: string;
  name?: string;
  direction?: 'D' | 'C';
  category?: string;
  status?: '0' | '1';
}

export const SUBJECT_FIELDS = ['code', 'name', 'direction', 'category', 'status'] as const;

export function initialValues(editing: SubjectEditing): SubjectFormValues {
  if (editing.kind === 'edit') {
    const r = editing.record;
    return { code: r.code, name: r.name, direction: r.direction, category: r.category, status: r.status };
  }
  const p = editing.parent;
  return p
    ? { code: p.code, direction: p.direction, category: p.category, status: p.status }
    : { direction: 'D', status: '1' };
}

/** The category a first-level code names, to fill the select as the code is typed; undefined when none. */
export function categoryForCode(code: string | undefined): string | undefined {
  const c = (code ?? '').trim();
  return c.length === SUBJECT_LIMITS.firstLevelLength && /^\d+$/.test(c) ? (categoryOfCode(c) ?? undefined) : undefined;
}

/** The 新增下级 rule: the code is the parent's plus 2 digits. Null when it holds (or there is no parent). */
export function childCodeError(code: string | undefined, parent: SubjectRow | null): string | null {
  if (!parent) return null;
  const c = (code ?? '').trim();
  const ok = c.length === parent.code.length + SUBJECT_LIMITS.subLength && c.startsWith(parent.code) && /^\d+$/.test(c);
  return ok ? null : SUBJECT_TEXT.childCodeFormat(parent.code);
}

export type SubjectCheck = { ok: true; value: SubjectAddBody | SubjectEditBody } | { ok: false; errors: FieldErrors };

/** The form checked by the shared schema of the step, as the body to send. */
export function checkSubject(editing: SubjectEditing, values: SubjectFormValues): SubjectCheck {
  if (editing.kind === 'edit') {
    const r = editing.record;
    return checkWithSchema(SubjectEditBody, {
      id: r.id,
      version: r.version,
      name: values.name,
      direction: values.direction,
      status: values.status,
    });
  }
  const childError = childCodeError(values.code, editing.parent);
  if (childError) return { ok: false, errors: { byField: new Map([['code', [childError]]]) } };
  return checkWithSchema(SubjectAddBody, {
    code: values.code,
    name: values.name,
    direction: values.direction,
    // A sub-account inherits its parent's category: the server ignores it, the form does not send it.
    category: editing.parent ? undefined : values.category,
    status: values.status,
  });
}
