/** Runs the frozen migrations in order; migrations never import app code. */
import { Migrator, PostgresAdapter, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as m0001 from './migrations/0001-init.ts';
import * as m0002 from './migrations/0002-seed-steps-and-identifiers.ts';
import * as m0003 from './migrations/0003-files.ts';
import * as m0004 from './migrations/0004-announcements.ts';
import * as m0005 from './migrations/0005-work-orders.ts';
import * as m0006 from './migrations/0006-async-tasks.ts';
import * as m0007 from './migrations/0007-direct-upload-and-attachments.ts';
import * as m0008 from './migrations/0008-announcement-markdown-source.ts';
import * as m0009 from './migrations/0009-hr-shifts-and-demo-rules.ts';
import * as m0010 from './migrations/0010-online-reports.ts';
import * as m0011 from './migrations/0011-shift-name-live-unique.ts';
import * as m0012 from './migrations/0012-permission-data-rules.ts';
import * as m0013 from './migrations/0013-depart-roles.ts';
import * as m0014 from './migrations/0014-quartz-jobs.ts';
import * as m0018 from './migrations/0018-table-dict-registry.ts';
import * as m0019 from './migrations/0019-operate-log-cost-time.ts';
import * as m0020 from './migrations/0020-accounting.ts';
import * as m0021 from './migrations/0021-work-order-list-indexes.ts';
import * as m0022 from './migrations/0022-log-list-indexes.ts';
import * as m0023 from './migrations/0023-bell-indexes.ts';
import * as m0024 from './migrations/0024-inbox-change-markers.ts';
import * as m0025 from './migrations/0025-work-order-filter-indexes.ts';
import * as m0026 from './migrations/0026-work-order-title-statistics.ts';

export const MIGRATIONS: Record<string, Migration> = {
  '0001-init': m0001,
  '0002-seed-steps-and-identifiers': m0002,
  '0003-files': m0003,
  '0004-announcements': m0004,
  '0005-work-orders': m0005,
  '0006-async-tasks': m0006,
  '0007-direct-upload-and-attachments': m0007,
  '0008-announcement-markdown-source': m0008,
  '0009-hr-shifts-and-demo-rules': m0009,
  '0010-online-reports': m0010,
  '0011-shift-name-live-unique': m0011,
  '0012-permission-data-rules': m0012,
  '0013-depart-roles': m0013,
  '0014-quartz-jobs': m0014,
  '0018-table-dict-registry': m0018,
  '0019-operate-log-cost-time': m0019,
  '0020-accounting': m0020,
  '0021-work-order-list-indexes': m0021,
  '0022-log-list-indexes': m0022,
  '0023-bell-indexes': m0023,
  '0024-inbox-change-markers': m0024,
  '0025-work-order-filter-indexes': m0025,
  '0026-work-order-title-statistics': m0026,
};

class StaticProvider implements MigrationProvider {
  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve(MIGRATIONS);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works on any schema
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  // On PostgreSQL the migrator's bookkeeping tables live in the connection's own schema, so that several
  // schemas of one database (one per test file) never see each other's migration state.
  let migrationTableSchema: string | undefined;
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    migrationTableSchema = rows[0]?.schema;
  }
  const migrator = new Migrator({ db, provider: new StaticProvider(), migrationTableSchema });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(`migration failed: ${JSON.stringify(error)}`);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
