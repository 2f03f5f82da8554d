/**
 * A finished task's file (spec §4): downloadUrl is a stored file path, fetched with the token from the static
 * files route (GET /sys/common/static/<path>) and saved under the name the server gives.
 */
import { http } from '../../../lib/http.ts';
import { resolveStaticUrl } from '../../../lib/static-url.ts';

function lastSegment(path: string): string {
  const clean = path.split(/[?#]/)[0] ?? '';
  return decodeURIComponent(clean.split('/').filter(Boolean).pop() ?? '') || 'download';
}

/** The file's absolute address: the static domain may be a path ('/api/sys/common/static'), not under the API base. */
export function taskFileUrl(downloadUrl: string, origin: string = window.location.origin): string {
  return new URL(resolveStaticUrl(downloadUrl), origin).href;
}

export async function downloadTaskFile(downloadUrl: string): Promise<void> {
  const { blob, filename } = await http.download(taskFileUrl(downloadUrl), undefined, { silent: true });
  const href = URL.createObjectURL(blob);
  try {
    const a = document.createElement('a');
    a.href = href;
    a.download = filename ?? lastSegment(downloadUrl);
    document.body.appendChild(a);
    a.click();
    a.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(href), 0);
  }
}
