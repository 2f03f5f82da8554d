/**
 * GET /sys/position/checkCode?code&id: whether the code is free (the position being edited does not count).
 * Resolves null when free, else the server's message (职务编码已存在).
 */
import { POSITION_TEXT } from '@houtai/shared/contract/admin-position';
import { http } from '../../../../lib/http.ts';

export async function checkPositionCode(code: string, id?: string): Promise<string | null> {
  const res = await http.get<boolean>('/sys/position/checkCode', { code, id });
  return res.success ? null : res.message || POSITION_TEXT.codeTaken;
}
