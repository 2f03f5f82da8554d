/** SQL of the voucher template administration (acc_voucher_template and its lines; the active leaf subjects). */
import type { Insertable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { AccVoucherTemplateLineTable, AccVoucherTemplateTable } from '../../db/schema.ts';

const TEMPLATE_COLUMNS = ['id', 'dataSource', 'name', 'status', 'updateBy', 'updateTime', 'version'] as const;

export function allTemplates(db: Db) {
  return db.selectFrom('accVoucherTemplate').select(TEMPLATE_COLUMNS).orderBy('dataSource').execute();
}

export function allTemplateLines(db: Db) {
  return db
    .selectFrom('accVoucherTemplateLine')
    .select(['templateId', 'lineNo', 'side', 'subjectCode', 'amountKind', 'summary'])
    .orderBy('templateId')
    .orderBy('lineNo')
    .execute();
}

export function findTemplate(db: Db, dataSource: string) {
  return db
    .selectFrom('accVoucherTemplate')
    .select(TEMPLATE_COLUMNS)
    .where('dataSource', '=', dataSource)
    .executeTakeFirst();
}

/** Every subject's code, name, parent and status (leaves are those no other subject names as parent). */
export function subjectsForTemplates(db: Db) {
  return db.selectFrom('accSubject').select(['code', 'name', 'parentCode', 'status']).orderBy('code').execute();
}

export async function insertTemplate(db: Db, row: Insertable<AccVoucherTemplateTable>): Promise<void> {
  await db.insertInto('accVoucherTemplate').values(row).execute();
}

/** Updates name and status and bumps the version; 0 when the version (if given) no longer matches. */
export async function updateTemplate(
  db: Db,
  id: string,
  version: number | undefined,
  changes: { name: string; status: string; updateBy: string; updateTime: string },
): Promise<number> {
  let q = db
    .updateTable('accVoucherTemplate')
    .set((eb) => ({ ...changes, version: eb('version', '+', 1) }))
    .where('id', '=', id);
  if (version !== undefined) q = q.where('version', '=', version);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function replaceLines(
  db: Db,
  templateId: string,
  lines: readonly Insertable<AccVoucherTemplateLineTable>[],
): Promise<void> {
  await db.deleteFrom('accVoucherTemplateLine').where('templateId', '=', templateId).execute();
  if (lines.length > 0)
    await db
      .insertInto('accVoucherTemplateLine')
      .values([...lines])
      .execute();
}

export async function deleteTemplate(db: Db, id: string): Promise<number> {
  await db.deleteFrom('accVoucherTemplateLine').where('templateId', '=', id).execute();
  const r = await db.deleteFrom('accVoucherTemplate').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows);
}
