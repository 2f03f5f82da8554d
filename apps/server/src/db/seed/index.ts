/**
 * Seeding: base data in named steps, each applied once per database (recorded in sys_seed_step); the admin
 * account and the demo data on the first start.
 *
 * A step is like a migration for data: once landed it is never changed. New base data (menus of a new screen,
 * a new dictionary) goes into a new step, which also grants new permissions to the admin role. Because a step
 * runs only once, rows an administrator deletes or edits later are left as they are.
 */
import { isValidPassword, PASSWORD_RULE_MESSAGE } from '@houtai/shared/validation';
import type { Db } from '../connection.ts';
import { hashPassword, randomPassword } from '../../lib/password.ts';
import { nowIso } from '../../lib/time.ts';
import { seedAccounting } from './accounting.ts';
import { seedAdminPermissions } from './admin-permissions.ts';
import { seedAnnouncementBase } from './announcements.ts';
import { seedAnnouncementHtml } from './announcement-html.ts';
import { seedAdmin, seedBase } from './base.ts';
import { seedDemo } from './demo.ts';
import { seedDemoReports } from './demo-reports.ts';
import { seedShiftGrid } from './shift-grid.ts';
import { seedGalleryMenu } from './gallery.ts';
import { seedManualMenu } from './menus.ts';
import { seedPickerData } from './picker-data.ts';
import { seedWorkOrderBase } from './work-orders.ts';
import { seedTableDicts } from './table-dicts.ts';

export interface SeedStep {
  name: string;
  run: (db: Db) => Promise<void>;
}

export const BASE_STEPS: readonly SeedStep[] = [
  { name: '0001-base', run: seedBase },
  { name: '0002-announcements', run: seedAnnouncementBase },
  { name: '0003-work-orders', run: seedWorkOrderBase },
  { name: '0004-announcement-html', run: seedAnnouncementHtml },
  { name: '0005-product-manual-menu', run: seedManualMenu },
  { name: '0006-widget-gallery-menu', run: seedGalleryMenu },
  { name: '0007-picker-demo-data', run: seedPickerData },
  { name: '0008-demo-reports', run: seedDemoReports },
  { name: '0009-shift-grid', run: seedShiftGrid },
  { name: '0010-admin-permissions', run: seedAdminPermissions },
  { name: '0018-table-dict-registry', run: seedTableDicts },
  { name: '0020-accounting', run: seedAccounting },
];

export interface SeedOptions {
  /** HOUTAI_ADMIN_PASSWORD; when absent a random one is generated and reported once. */
  adminPassword: string | null;
  /** Demo people and records on the first start (default on). */
  demo?: boolean;
}

export interface SeedReport {
  /** True when this run created the admin account. */
  adminCreated: boolean;
  /** The generated password, only when this run made one up. */
  generatedPassword: string | null;
  demoUsers: string[];
  /** Names of the base steps this run applied. */
  stepsApplied: string[];
}

/** Applies the base steps not applied yet, each in its own transaction with its record. */
export async function applyBaseSteps(db: Db, steps: readonly SeedStep[] = BASE_STEPS): Promise<string[]> {
  const done = new Set((await db.selectFrom('sysSeedStep').select('name').execute()).map((r) => r.name));
  const applied: string[] = [];
  for (const step of steps) {
    if (done.has(step.name)) continue;
    await db.transaction().execute(async (trx) => {
      await step.run(trx);
      await trx.insertInto('sysSeedStep').values({ name: step.name, appliedAt: nowIso() }).execute();
    });
    applied.push(step.name);
  }
  return applied;
}

export async function seed(db: Db, opts: SeedOptions): Promise<SeedReport> {
  const existingAdmin = await db.selectFrom('sysUser').select('id').where('username', '=', 'admin').executeTakeFirst();
  if (!existingAdmin && opts.adminPassword && !isValidPassword(opts.adminPassword)) {
    throw new Error(`HOUTAI_ADMIN_PASSWORD does not follow the password rule: ${PASSWORD_RULE_MESSAGE}`);
  }
  const stepsApplied = await applyBaseSteps(db);
  if (existingAdmin) return { adminCreated: false, generatedPassword: null, demoUsers: [], stepsApplied };

  const generatedPassword = opts.adminPassword ? null : randomPassword();
  const passwordHash = await hashPassword(opts.adminPassword ?? generatedPassword!);
  await seedAdmin(db, passwordHash);
  const demoUsers = opts.demo !== false ? await seedDemo(db, { passwordHash }) : [];
  return { adminCreated: true, generatedPassword, demoUsers, stepsApplied };
}
