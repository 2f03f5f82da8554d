/** POST /voucher/bizRecord/add (a new record), PUT /voucher/bizRecord/edit (the whole record, the version seen). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ACCOUNTING_PATHS } from '@houtai/shared/contract/accounting';
import { http, unwrap } from '../../../../lib/http.ts';
import type { BizRecordWire } from '../biz-record-form.ts';
import { BIZ_RECORD_KEYS } from './biz-record-keys.ts';

export async function saveBizRecord(body: BizRecordWire): Promise<string> {
  const res =
    body.id !== undefined
      ? await http.put<unknown>(ACCOUNTING_PATHS.bizRecordEdit, body)
      : await http.post<unknown>(ACCOUNTING_PATHS.bizRecordAdd, body);
  unwrap(res, body.id !== undefined ? '编辑失败' : '添加失败');
  return res.message;
}

export function useSaveBizRecord() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveBizRecord,
    onSuccess: () => void client.invalidateQueries({ queryKey: BIZ_RECORD_KEYS.all }),
  });
}
