/** What the harness and the specs share: paths, the Chromium binary, and the values global setup hands over. */
import { existsSync } from 'node:fs';
import path from 'node:path';

export const E2E_DIR = path.resolve(import.meta.dirname, '..');
export const REPO_ROOT = path.resolve(E2E_DIR, '..');

/** Debian's Chromium; Playwright never downloads a browser here. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const HAS_CHROMIUM = existsSync(CHROMIUM_PATH);
export const IN_CI = !!process.env.CI;
/** Outside CI a machine without Chromium skips the browser tests instead of failing. */
export const SKIP_REASON = HAS_CHROMIUM
  ? null
  : `Chromium not found at ${CHROMIUM_PATH}: e2e tests skipped. Install it with \`apt-get install -y chromium fonts-noto-cjk\` or set CHROMIUM_PATH.`;

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Set by global setup in the runner's environment; workers inherit it. */
export const ENV_BASE_URL = 'HOUTAI_E2E_BASE_URL';
export const ENV_ADMIN_PASSWORD = 'HOUTAI_E2E_ADMIN_PASSWORD';
/** The server's log file (pino JSON lines); the development SMS sender writes codes there. */
export const ENV_SERVER_LOG = 'HOUTAI_E2E_SERVER_LOG';

export function e2eBaseUrl(): string {
  const url = process.env[ENV_BASE_URL];
  if (!url) throw new Error(`${ENV_BASE_URL} is not set: the e2e global setup did not start the server`);
  return url;
}

export function adminPassword(): string {
  const pw = process.env[ENV_ADMIN_PASSWORD];
  if (!pw) throw new Error(`${ENV_ADMIN_PASSWORD} is not set: the e2e global setup did not start the server`);
  return pw;
}

export function serverLogFile(): string {
  const file = process.env[ENV_SERVER_LOG];
  if (!file) throw new Error(`${ENV_SERVER_LOG} is not set: the e2e global setup did not start the server`);
  return file;
}
