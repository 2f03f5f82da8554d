/** X-Sign / X-TIMESTAMP headers for the signed endpoints (contract §4.1). */
import { clientSignParams, signParams, type SignParams } from '@houtai/shared/sign';

export interface SignHeaders {
  'X-Sign': string;
  'X-TIMESTAMP': string;
}

/** `url` may carry a query string; `params` are the GET params or the JSON body's top-level keys. */
export function signHeaders(url: string, params: SignParams, secret: string, now: number = Date.now()): SignHeaders {
  return {
    'X-Sign': signParams(clientSignParams(url, params), secret),
    'X-TIMESTAMP': String(now),
  };
}
