/** GET /bi/workOrder/attachment: one attached file of an order the user sees, saved under its own name. */
import { http } from '../../../lib/http.ts';
import { saveBlob } from '../../../lib/save-file.ts';

export async function downloadWorkOrderAttachment(id: string, path: string): Promise<void> {
  const { blob, filename } = await http.download('/bi/workOrder/attachment', { id, path }, { silent: true });
  saveBlob(blob, filename ?? path.split('/').pop() ?? 'download');
}
