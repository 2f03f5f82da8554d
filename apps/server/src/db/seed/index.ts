/** Seeding: base data (idempotent, every start) and demo data (first start only). */
import type { Db } from '../connection.ts';
import { hashPassword, randomPassword } from '../../lib/password.ts';
import { seedBase } from './base.ts';
import { seedDemo } from './demo.ts';

export interface SeedOptions {
  /** HOUTAI_ADMIN_PASSWORD; when absent a random one is generated and reported once. */
  adminPassword: string | null;
  /** Demo people and records (default on). */
  demo?: boolean;
}

export interface SeedReport {
  /** True when this run created the admin account. */
  adminCreated: boolean;
  /** The generated password, only when this run made one up. */
  generatedPassword: string | null;
  demoUsers: string[];
}

export async function seed(db: Db, opts: SeedOptions): Promise<SeedReport> {
  const existingAdmin = await db.selectFrom('sysUser').select('id').where('username', '=', 'admin').executeTakeFirst();
  const generatedPassword = existingAdmin || opts.adminPassword ? null : randomPassword();
  const password = opts.adminPassword ?? generatedPassword;
  const passwordHash = existingAdmin || !password ? null : await hashPassword(password);
  await seedBase(db, { adminPasswordHash: passwordHash });
  const demoUsers = !existingAdmin && opts.demo !== false && passwordHash ? await seedDemo(db, { passwordHash }) : [];
  return { adminCreated: !existingAdmin, generatedPassword, demoUsers };
}
