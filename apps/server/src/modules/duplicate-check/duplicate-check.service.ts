/**
 * /sys/duplicate/check (contract §2.6, security design §2.1): only (table, field) pairs with a real
 * uniqueness rule, values bound, a fixed answer ("available" / "taken"). `ds` is ignored.
 */
import { TEXT } from '@houtai/shared/constants';
import type { ApiResult } from '@houtai/shared/contract/common';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { okMessage } from '../../lib/envelope.ts';
import { resolveUniqueField } from '../../registry/index.ts';
import { isValueTaken } from './duplicate-check.repository.ts';

export interface DuplicateCheckInput {
  tableName: string;
  fieldName: string;
  fieldVal?: string | undefined;
  dataId?: string | undefined;
}

export async function checkDuplicate(db: Db, q: DuplicateCheckInput): Promise<ApiResult<null | string>> {
  // The pair is checked first, so that an empty value does not tell which pairs exist.
  const field = resolveUniqueField(q.tableName, q.fieldName);
  if (q.fieldVal === undefined || q.fieldVal === '') {
    // JeecgBoot's quirk kept for its clients: success true with code 500.
    return { success: true, message: TEXT.duplicateEmpty, code: 500, result: null, timestamp: Date.now() };
  }
  const taken = await isValueTaken(db, field, q.fieldVal, q.dataId?.trim() ? q.dataId.trim() : null);
  if (taken) throw AppError.business(TEXT.duplicateTaken);
  return okMessage(TEXT.duplicateFree);
}
