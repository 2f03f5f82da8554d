/**
 * The server's CLI commands: `start` (migrate, seed, listen), `migrate`, `seed`, `create-admin`,
 * `reset-password <username> <new-password>`, `backup <file> [--force]` and `restore <file>` (cli/backup.ts). Uses
 * the same DATA_DIR / DATABASE_URL as the server. main.ts loads this module only for these commands, so that `cron …`
 * answers without loading the server's code.
 */
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type DbHandle } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { applyBaseSteps, seed } from '../db/seed/index.ts';
import { buildApp } from '../app.ts';
import { createAdmin, resetPassword } from '../modules/auth/admin-account.service.ts';
import { backupCommand, restoreCommand } from './backup.ts';

function banner(lines: string[]): void {
  const width = Math.max(...lines.map((l) => l.length)) + 4;
  console.log(`\n${'='.repeat(width)}\n${lines.map((l) => `  ${l}`).join('\n')}\n${'='.repeat(width)}\n`);
}

async function withDb<T>(config: Config, fn: (h: DbHandle) => Promise<T>): Promise<T> {
  const handle = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    return await fn(handle);
  } finally {
    await handle.close();
  }
}

async function prepare(config: Config, h: DbHandle): Promise<void> {
  const applied = await migrateToLatest(h.db);
  if (applied.length) console.log(`migrations applied: ${applied.join(', ')}`);
  const report = await seed(h.db, { adminPassword: config.adminPassword, demo: config.demoData });
  if (report.stepsApplied.length) console.log(`base data applied: ${report.stepsApplied.join(', ')}`);
  if (report.adminCreated) {
    const lines = ['Houtai 后台: the administrator account was created.', 'username: admin'];
    if (report.generatedPassword) {
      lines.push(
        `password: ${report.generatedPassword}`,
        'This password is shown only once. Change it after signing in,',
      );
      lines.push('or reset it with: npm run houtai -- reset-password admin <new-password>');
    } else {
      lines.push('password: the value of HOUTAI_ADMIN_PASSWORD');
    }
    if (report.demoUsers.length) lines.push(`demo users (same password): ${report.demoUsers.join(', ')}`);
    banner(lines);
  }
}

async function start(config: Config): Promise<void> {
  const handle = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await prepare(config, handle);
  const app = await buildApp(config, { database: handle });
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app
      .close()
      .then(() => handle.close())
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  // SIGHUP too: `npm start` passes it on when the terminal closes.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => shutdown(signal));
  await app.listen({ port: config.port, host: config.host });
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`;
  banner([
    `Houtai 后台 is running at ${url}`,
    `API: ${url}${config.apiPrefix}   OpenAPI: ${url}${config.apiPrefix}/docs`,
    'Sign in as admin with HOUTAI_ADMIN_PASSWORD, or the password printed at first start.',
    'Forgot it? npm run houtai -- reset-password admin <new-password>',
  ]);
}

export async function runServerCommand(command: string, args: string[]): Promise<void> {
  const config = loadConfig();
  switch (command) {
    case 'start':
      await start(config);
      return;
    case 'migrate':
      await withDb(config, async (h) => {
        const applied = await migrateToLatest(h.db);
        console.log(applied.length ? `migrations applied: ${applied.join(', ')}` : 'database is up to date');
      });
      return;
    case 'seed':
      await withDb(config, async (h) => {
        await migrateToLatest(h.db);
        await prepare(config, h);
        console.log('seed done');
      });
      return;
    case 'create-admin':
      await withDb(config, async (h) => {
        await migrateToLatest(h.db);
        // The admin role and the menus it is granted come with the base data.
        await applyBaseSteps(h.db);
        const result = await createAdmin(h.db, args[0] ?? 'admin', args[1] ?? config.adminPassword);
        banner(
          result.created
            ? [
                `administrator ${result.username} created`,
                ...(result.generatedPassword ? [`password: ${result.generatedPassword} (shown only once)`] : []),
              ]
            : [
                `administrator ${result.username} exists already: it holds the admin role, its password is unchanged`,
                `to set its password: npm run houtai -- reset-password ${result.username} <new-password>`,
              ],
        );
      });
      return;
    case 'reset-password': {
      const [username, password] = args;
      if (!username || !password) {
        console.error('usage: npm run houtai -- reset-password <username> <new-password>');
        process.exitCode = 2;
        return;
      }
      await withDb(config, async (h) => {
        await migrateToLatest(h.db);
        await resetPassword(h.db, username, password);
        console.log(`password of ${username} reset; all of its sessions were signed out`);
      });
      return;
    }
    case 'backup':
      process.exitCode = await backupCommand(config, args);
      return;
    case 'restore':
      process.exitCode = await restoreCommand(config, args);
      return;
    default:
      console.error(
        `unknown command: ${command}\ncommands: start | migrate | seed | create-admin | reset-password <username> <new-password> | backup <file> [--force] | restore <file> | cron next|check|vectors`,
      );
      process.exitCode = 2;
  }
}
