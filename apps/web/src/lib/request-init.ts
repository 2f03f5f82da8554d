/**
 * How a request is put together (spec §7): the URL under the API base, the headers (tenant-id, X-Client,
 * X-Access-Token, X-Low-App-ID), the JSON or multipart body, X-Sign over exactly what is sent, and `_t` on GETs.
 * Pure apart from what the context gives; used by the http client (http.ts) and by the early requests of the page's
 * first screen (early-requests.ts), which must send byte for byte what the client would have sent. No React, no
 * stores, no antd: the early entry loads this before the app's code.
 */
import { CLIENT_HEADER, HOUTAI_CLIENT } from '@houtai/shared/contract/permission';
import { appendQuery, type QueryParams } from '@houtai/shared/query-string';
import { signHeaders } from '@houtai/shared/sign';
import { lowAppIdOf } from './low-app.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What the caller asks for (http.ts's RequestOptions adds how failures and time-outs are handled). */
export interface RequestShape {
  method?: HttpMethod;
  /** Relative to the API base (a leading slash is optional), or an absolute http(s) URL. May carry a query string. */
  url: string;
  params?: QueryParams;
  /** JSON body of POST/PUT/DELETE. */
  data?: unknown;
  /** A multipart body instead (uploads); the browser sets its content type and boundary. */
  form?: FormData;
  /** Adds X-Sign and X-TIMESTAMP (contract §4.1). */
  signed?: boolean;
  headers?: Record<string, string>;
}

/** Who is asking and where: the session's token and tenant, the runtime config's API base and sign secret. */
export interface RequestContext {
  token: string | null;
  tenantId: string;
  apiBase: string;
  signSecret: string;
  location: Pick<Location, 'pathname' | 'search'> | null;
  /** Milliseconds since the epoch (the `_t` cache-buster and the signature's timestamp). */
  now: number;
}

export interface PreparedRequest {
  method: HttpMethod;
  /** The URL as sent, `_t` included. */
  url: string;
  /** The URL without `_t`: two requests with the same key and headers are the same request. */
  key: string;
  headers: Record<string, string>;
  body: string | FormData | undefined;
}

const ABSOLUTE_HTTP = /^https?:\/\//i;

/** Relative URLs go under the API base; absolute http(s) URLs are left alone. */
export function joinApiUrl(url: string, base: string): string {
  if (ABSOLUTE_HTTP.test(url)) return url;
  return `${base}/${url.replace(/^\/+/, '')}`;
}

export function prepareRequest(options: RequestShape, ctx: RequestContext): PreparedRequest {
  const method = options.method ?? 'GET';
  // X-Client tells the server this is our app, not a JeecgBoot UI (the menu names our components).
  const headers: Record<string, string> = {
    'tenant-id': ctx.tenantId,
    [CLIENT_HEADER]: HOUTAI_CLIENT,
    ...options.headers,
  };
  if (ctx.token && !headers['X-Access-Token']) headers['X-Access-Token'] = ctx.token;
  const appId = ctx.location ? lowAppIdOf(ctx.location) : null;
  if (appId && !headers['X-Low-App-ID']) headers['X-Low-App-ID'] = appId;

  let body: string | FormData | undefined;
  if (method !== 'GET' && options.form) {
    body = options.form;
  } else if (method !== 'GET' && options.data !== undefined) {
    headers['Content-Type'] = 'application/json;charset=UTF-8';
    body = JSON.stringify(options.data);
  }
  let url = appendQuery(joinApiUrl(options.url, ctx.apiBase), options.params ?? {});
  if (options.signed) {
    const signedBody = typeof body === 'string' ? body : undefined;
    Object.assign(headers, signHeaders({ method, url, body: signedBody }, ctx.signSecret, ctx.now));
  }
  const key = `${method} ${url}`;
  // The cache-buster is added after signing; the server ignores it.
  if (method === 'GET') url = appendQuery(url, { _t: Math.floor(ctx.now / 1000) });
  return { method, url, key, headers, body };
}
