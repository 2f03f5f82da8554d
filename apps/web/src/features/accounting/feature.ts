/** The accounting screens' entry (lib/feature-entry.ts): 核算工作台 and 业务数据. */
import type { FeatureEntry } from '../../lib/feature-entry.ts';

export const accountingFeature = {
  pages: {
    'accounting-workspace': async () => (await import('./workspace/workspace-page.tsx')).WorkspacePage,
    'accounting-biz-record-list': async () => (await import('./biz-record/biz-record-list-page.tsx')).BizRecordListPage,
    'accounting-subject-list': async () => (await import('./subject/subject-list-page.tsx')).SubjectListPage,
    'accounting-template-list': async () => (await import('./template/template-list-page.tsx')).TemplateListPage,
    'accounting-ledger-list': async () => (await import('./ledger/ledger-list-page.tsx')).LedgerListPage,
  },
} satisfies FeatureEntry;
