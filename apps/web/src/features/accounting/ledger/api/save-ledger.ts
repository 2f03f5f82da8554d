/** POST /voucher/ledger/add (a new ledger) and PUT /voucher/ledger/edit (the whole ledger, the version seen). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LEDGER_PATHS, type LedgerAddBody, type LedgerEditBody } from '@houtai/shared/contract/accounting-template';
import { http, unwrap } from '../../../../lib/http.ts';
import { LEDGER_KEYS } from './ledger-keys.ts';

export type LedgerBody = LedgerAddBody | LedgerEditBody;

export async function saveLedger(body: LedgerBody): Promise<string> {
  const edit = 'id' in body;
  const res = edit
    ? await http.put<unknown>(LEDGER_PATHS.edit, body)
    : await http.post<unknown>(LEDGER_PATHS.add, body);
  unwrap(res, edit ? '编辑失败' : '添加失败');
  return res.message;
}

export function useSaveLedger() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveLedger,
    // Setting a main ledger changes the others of the organisation: the whole list reloads.
    onSuccess: () => void client.invalidateQueries({ queryKey: LEDGER_KEYS.all }),
  });
}
