/** Gallery-only loaders of the dictionary and tree sections: the id of a seeded category by its code (loadOne). */
import { http, unwrapResult } from '../../../lib/http.ts';

/** GET /sys/category/loadOne?field=code&val=… → the category's id (for an initial value shown by its text). */
export async function categoryIdOfCode(code: string): Promise<string> {
  const res = await http.get<{ id: string }>('/sys/category/loadOne', { field: 'code', val: code });
  return unwrapResult(res, '加载分类失败').id;
}
