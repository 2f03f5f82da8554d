import type { Db } from '../../db/connection.ts';
import { newId } from '../../lib/ids.ts';

export function findConfigValue(db: Db, code: string) {
  return db.selectFrom('sysConfig').select('value').where('code', '=', code).executeTakeFirst();
}

/** Replaces a setting's value (creating the row when an installation lacks it). */
export async function saveConfigValue(
  db: Db,
  c: { code: string; name: string; value: string; by: string; at: string },
): Promise<void> {
  const r = await db
    .updateTable('sysConfig')
    .set((eb) => ({ value: c.value, updateBy: c.by, updateTime: c.at, version: eb('version', '+', 1) }))
    .where('code', '=', c.code)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) > 0) return;
  await db
    .insertInto('sysConfig')
    .values({
      id: newId(),
      code: c.code,
      name: c.name,
      value: c.value,
      createBy: c.by,
      createTime: c.at,
      updateBy: null,
      updateTime: null,
    })
    .onConflict((oc) => oc.column('code').doUpdateSet({ value: c.value, updateBy: c.by, updateTime: c.at }))
    .execute();
}

/** The rows of the given settings (the administration list). */
export function findConfigRows(db: Db, codes: readonly string[]) {
  if (codes.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('sysConfig')
    .select(['code', 'value', 'createBy', 'createTime', 'updateBy', 'updateTime'])
    .where('code', 'in', codes)
    .execute();
}
