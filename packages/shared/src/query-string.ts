/** Query strings as the http client sends them: null and undefined params are left out, the rest as text. */

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export function appendQuery(url: string, params: QueryParams): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null) continue;
    search.append(k, String(v));
  }
  const qs = search.toString();
  if (!qs) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${qs}`;
}
