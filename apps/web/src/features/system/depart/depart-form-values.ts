/** The department form's values and their wire bodies (DepartAddBody / DepartEditBody of the shared contract). */
import type { DepartRecord } from '@houtai/shared/contract/admin-depart';

export type OrgCategory = '1' | '2' | '3';

export const ORG_CATEGORY_OPTIONS: { value: OrgCategory; label: string }[] = [
  { value: '1', label: '公司' },
  { value: '2', label: '部门' },
  { value: '3', label: '岗位' },
];

export const ORG_CATEGORY_LABEL: Record<string, string> = { '1': '公司', '2': '部门', '3': '岗位' };

export interface DepartFormValues {
  departName?: string;
  departNameEn?: string | null;
  departNameAbbr?: string | null;
  orgCategory?: OrgCategory;
  departOrder?: number | null;
  mobile?: string | null;
  fax?: string | null;
  address?: string | null;
  memo?: string | null;
  /** Edit only: the parent ('' or undefined: the top level). */
  parentId?: string | null;
}

/** The fields the form writes; the shared schema's issues land on them. */
export const DEPART_FORM_FIELDS = [
  'departName',
  'departNameEn',
  'departNameAbbr',
  'orgCategory',
  'departOrder',
  'mobile',
  'fax',
  'address',
  'memo',
  'parentId',
] as const;

const TEXT_FIELDS = ['departNameEn', 'departNameAbbr', 'mobile', 'fax', 'address', 'memo'] as const;

export function toFormValues(r: DepartRecord): DepartFormValues {
  return {
    departName: r.departName,
    departNameEn: r.departNameEn,
    departNameAbbr: r.departNameAbbr,
    orgCategory: ['1', '2', '3'].includes(r.orgCategory) ? (r.orgCategory as OrgCategory) : undefined,
    departOrder: r.departOrder,
    mobile: r.mobile,
    fax: r.fax,
    address: r.address,
    memo: r.memo,
    parentId: r.parentId ?? '',
  };
}

/** The written fields: a cleared text goes as null (the server clears it; absent would keep the stored value). */
function fields(v: DepartFormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {
    departName: v.departName ?? '',
    orgCategory: v.orgCategory,
    departOrder: v.departOrder ?? null,
  };
  for (const f of TEXT_FIELDS) body[f] = v[f] ?? null;
  return body;
}

/** POST add: under `parentId` (null: a top-level department). */
export function toAddBody(v: DepartFormValues, parentId: string | null): Record<string, unknown> {
  return { ...fields(v), parentId: parentId ?? undefined };
}

/** PUT edit: parentId '' or null moves the department to the top level, an id moves it under that one. */
export function toEditBody(v: DepartFormValues, id: string): Record<string, unknown> {
  return { ...fields(v), id, parentId: v.parentId || null };
}
