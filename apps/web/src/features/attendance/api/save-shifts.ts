/** POST /hr/attendance/hrAttendanceShift/saveBatch: the shift grid's changes, re-checked by the server. */
import type { ShiftSaveInput, ShiftSaveResult } from '@houtai/shared/contract/shift';
import { BusinessError, HttpError, http, unwrapResult } from '../../../lib/http.ts';

/**
 * Saves the grid's changes. A refusal (the server's rules, a stale version, no permission) throws BusinessError with
 * the server's message, which the page shows: the call is silent so the catalogue does not show it a second time
 * (a 401 still ends the session).
 */
export async function saveShifts(body: ShiftSaveInput): Promise<ShiftSaveResult> {
  try {
    const res = await http.post<ShiftSaveResult>('/hr/attendance/hrAttendanceShift/saveBatch', body, { silent: true });
    return unwrapResult(res, '保存失败', (r) => Array.isArray(r.records));
  } catch (err) {
    if (err instanceof HttpError)
      throw new BusinessError(err.body?.message || err.message || '保存失败', err.body?.code ?? null);
    throw err;
  }
}
