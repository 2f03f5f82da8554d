/**
 * A stored file (a task's export or error file, an import's detail file) fetched with the token from the static
 * files route (GET /sys/common/static/<path>) and saved under the name the server gives.
 */
import { http } from './http.ts';
import { saveBlob } from './save-file.ts';
import { resolveStaticUrl } from './static-url.ts';

function lastSegment(path: string): string {
  const clean = path.split(/[?#]/)[0] ?? '';
  return decodeURIComponent(clean.split('/').filter(Boolean).pop() ?? '') || 'download';
}

/** The file's absolute address: the static domain may be a path ('/api/sys/common/static'), not under the API base. */
export function storedFileUrl(path: string, origin: string = window.location.origin): string {
  return new URL(resolveStaticUrl(path), origin).href;
}

export async function downloadStoredFile(path: string): Promise<void> {
  const { blob, filename } = await http.download(storedFileUrl(path), undefined, { silent: true });
  saveBlob(blob, filename ?? lastSegment(path));
}
