/**
 * GET /sys/duplicate/check?tableName=sys_dict&fieldName=dict_code: whether the code is free (the dictionary being
 * edited does not count; a dictionary in the recycle bin does). Resolves null when free, else the server's message.
 */
import { DICT_TEXT } from '@houtai/shared/contract/dict-admin';
import { http } from '../../../../lib/http.ts';

export async function checkDictCode(dictCode: string, id?: string): Promise<string | null> {
  const res = await http.get<unknown>('/sys/duplicate/check', {
    tableName: 'sys_dict',
    fieldName: 'dict_code',
    fieldVal: dictCode,
    dataId: id,
  });
  return res.success ? null : DICT_TEXT.dictCodeTaken;
}
