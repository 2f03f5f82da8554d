/** The duplicate-check query; the registry builds it from an allow-listed (table, field) pair. */
import type { Db } from '../../db/connection.ts';
import { valueTakenQuery, type UniqueField } from '../../registry/index.ts';

export async function isValueTaken(
  db: Db,
  field: UniqueField,
  value: string,
  excludeId: string | null,
): Promise<boolean> {
  const { rows } = await valueTakenQuery(field, value, excludeId).execute(db);
  return rows.length > 0;
}
