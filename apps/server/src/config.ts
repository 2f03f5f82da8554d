/** Server configuration from the environment; names are fixed (README's configuration table). */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { DEFAULT_LOCK_MINUTES, TOKEN_DEFAULT_IDLE_MINUTES } from '@houtai/shared/constants';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  /** REALTIME_CHANNEL: the Redis pub/sub channel of the realtime hub; the instances of one deployment share it. */
  realtimeChannel: string;
  /** REALTIME_SOCKETS_PER_USER: websockets one user may hold open on one instance; beyond it the oldest is closed. */
  realtimeSocketsPerUser: number;
  /**
   * SOCKET_ALLOWED_ORIGINS: comma-separated origins (scheme://host[:port]) whose pages may open the realtime
   * socket besides the site itself (a proxy that rewrites Host, a separately served web app). Default: none.
   */
  socketAllowedOrigins: string[];
  /**
   * CORS_ORIGINS: comma-separated origins whose pages may call the API from another origin (a JeecgBoot UI served
   * elsewhere); their handshakes are accepted by the realtime socket too. Default: none (no CORS headers at all).
   */
  corsOrigins: string[];
  storageUrl: string | null;
  /** TASK_CONCURRENCY: task-centre tasks run at once per instance (1–4, default 1). */
  taskConcurrency: number;
  /** TASK_QUEUE: the BullMQ queue of the task centre (with REDIS_URL); the instances of one deployment share it. */
  taskQueue: string;
  apiPrefix: string;
  signSecret: string;
  /** Key for the short-lived encrypted user info handed to the ERP entrance. */
  cryptKey: string;
  adminPassword: string | null;
  production: boolean;
  tokenIdleMinutes: number;
  lockMinutes: number;
  /**
   * SMS_SENDER: 'log' writes codes to the server log (development default); 'none' refuses to send (production
   * default until a gateway is plugged in through services.sms), so codes never land in production logs.
   */
  smsSender: 'log' | 'none';
  /**
   * TRUST_PROXY: which reverse proxies may set X-Forwarded-For (Fastify's trustProxy): unset → none (the
   * client address is the socket's), 'true' → any, a number → that many hops, else a comma list of addresses.
   */
  trustProxy: boolean | number | string;
  /** KEEP_ALIVE_LIMIT: how many tab pages the web app keeps alive (least recently used evicted); null: its default. */
  keepAliveLimit: number | null;
  /** HOUTAI_DEMO_DATA: seed demo people and records on first start (default on, off with NODE_ENV=production). */
  demoData: boolean;
  webDist: string | null;
  logLevel: string;
  /** TENANT_NAME: the name of the deployment's single tenant (Jeecg clients' tenant pickers). */
  tenantName: string;
  /** Public settings handed to the web app at runtime. */
  copyright: string;
  filingNumber: string;
  externalLinks: { accounting: string; warehouse: string; logistics: string; erp: string };
  /**
   * METRICS_TOKEN: the bearer token /metrics asks for (`Authorization: Bearer <token>`); unset → /metrics answers 404
   * (metrics off).
   */
  metricsToken: string | null;
  /** STATIC_DOMAIN: prefix of stored files' URLs in the web app; '' is this server's `{API_PREFIX}/sys/common/static`. */
  staticDomain: string;
}

type Env = Record<string, string | undefined>;

/**
 * Secrets not given in the environment are generated once and kept in DATA_DIR/secrets.json, so that
 * restarts and CLI commands agree and nothing secret is fixed in code.
 */
function persistentSecrets(dataDir: string): { signSecret: string; cryptKey: string } {
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { signSecret?: string; cryptKey?: string };
    if (parsed.signSecret && parsed.cryptKey) return { signSecret: parsed.signSecret, cryptKey: parsed.cryptKey };
  }
  const secrets = { signSecret: randomBytes(24).toString('hex'), cryptKey: randomBytes(32).toString('hex') };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

function positiveInt(raw: string | undefined, fallback: number): number {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** Comma-separated origins, normalised (lower case, no trailing slash); entries that are not http(s) origins are an error. */
function originsOf(raw: string | undefined, name: string): string[] {
  if (!raw?.trim()) return [];
  return raw.split(',').map((entry) => {
    const text = entry.trim();
    let url: URL | null = null;
    try {
      url = new URL(text);
    } catch {
      url = null;
    }
    if (
      !url ||
      (url.protocol !== 'http:' && url.protocol !== 'https:') ||
      url.origin.toLowerCase() !== text.toLowerCase().replace(/\/$/, '')
    ) {
      throw new Error(`${name}: '${text}' is not an origin such as https://admin.example.com`);
    }
    return url.origin.toLowerCase();
  });
}

function trustProxyOf(raw: string | undefined): Config['trustProxy'] {
  const value = raw?.trim();
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

function smsSenderOf(env: Env): Config['smsSender'] {
  if (env.SMS_SENDER === 'log' || env.SMS_SENDER === 'none') return env.SMS_SENDER;
  return env.NODE_ENV === 'production' ? 'none' : 'log';
}

export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const dataDir = path.resolve(overrides.dataDir ?? env.DATA_DIR ?? './data');
  const needSecrets = !(overrides.signSecret ?? env.SIGN_SECRET) || !(overrides.cryptKey ?? env.CRYPT_KEY);
  const generated = needSecrets ? persistentSecrets(dataDir) : null;
  let prefix = overrides.apiPrefix ?? env.API_PREFIX ?? '/api';
  if (prefix && !prefix.startsWith('/')) prefix = `/${prefix}`;
  prefix = prefix.replace(/\/+$/, '');
  const webDistDefault = path.resolve(import.meta.dirname, '../../web/dist');
  return {
    port: positiveInt(env.PORT, 3000),
    host: env.HOST ?? '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    redisUrl: env.REDIS_URL || null,
    realtimeChannel: env.REALTIME_CHANNEL || 'houtai:realtime',
    realtimeSocketsPerUser: positiveInt(env.REALTIME_SOCKETS_PER_USER, 20),
    socketAllowedOrigins: originsOf(env.SOCKET_ALLOWED_ORIGINS, 'SOCKET_ALLOWED_ORIGINS'),
    corsOrigins: originsOf(env.CORS_ORIGINS, 'CORS_ORIGINS'),
    storageUrl: env.STORAGE_URL || null,
    taskConcurrency: Math.min(4, positiveInt(env.TASK_CONCURRENCY, 1)),
    taskQueue: env.TASK_QUEUE || 'houtai-tasks',
    apiPrefix: prefix,
    signSecret: env.SIGN_SECRET || generated?.signSecret || '',
    cryptKey: env.CRYPT_KEY || generated?.cryptKey || '',
    adminPassword: env.HOUTAI_ADMIN_PASSWORD || null,
    production: env.NODE_ENV === 'production',
    tokenIdleMinutes: positiveInt(env.TOKEN_IDLE_MINUTES, TOKEN_DEFAULT_IDLE_MINUTES),
    lockMinutes: positiveInt(env.LOGIN_LOCK_MINUTES, DEFAULT_LOCK_MINUTES),
    smsSender: smsSenderOf(env),
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    keepAliveLimit: /^\d+$/.test(env.KEEP_ALIVE_LIMIT ?? '') ? Number(env.KEEP_ALIVE_LIMIT) : null,
    demoData: env.HOUTAI_DEMO_DATA ? env.HOUTAI_DEMO_DATA === 'true' : env.NODE_ENV !== 'production',
    webDist: env.WEB_DIST ?? (existsSync(webDistDefault) ? webDistDefault : null),
    logLevel: env.LOG_LEVEL ?? 'info',
    tenantName: env.TENANT_NAME?.trim() || '默认租户',
    copyright: env.HOUTAI_COPYRIGHT ?? 'Copyright © 2026 后台',
    filingNumber: env.HOUTAI_FILING_NUMBER ?? '',
    externalLinks: {
      accounting: env.LINK_ACCOUNTING_URL ?? '',
      warehouse: env.LINK_WAREHOUSE_URL ?? '',
      logistics: env.LINK_LOGISTICS_URL ?? '',
      erp: env.LINK_ERP_URL ?? '',
    },
    staticDomain: env.STATIC_DOMAIN ?? '',
    metricsToken: env.METRICS_TOKEN?.trim() || null,
    ...overrides,
  };
}
