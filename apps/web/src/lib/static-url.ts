/** Stored files' URLs (spec §7): prefixed with the configured static domain unless already absolute. */
import { getRuntimeConfig } from './runtime-config.ts';

/** http(s)://…, scheme-relative //host/…, and inline data: URLs point somewhere already. */
const ABSOLUTE = /^(?:https?:)?\/\/|^data:/i;

export function resolveStaticUrl(path: string, staticDomain: string = getRuntimeConfig().staticDomain): string {
  if (!path || ABSOLUTE.test(path)) return path;
  return `${staticDomain.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
