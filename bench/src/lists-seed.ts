/**
 * Setup of `npm run bench -- lists` (not measured): N work orders, N operate-log rows, 1,000 users and N/10
 * announcements each sent to 10 of them (N send rows, about half read) plus 20 broadcasts to everyone, written
 * straight into a database the server's own `seed` command has made: SQLite through better-sqlite3 (one prepared
 * statement, 50,000-row transactions, WAL and synchronous=OFF during seeding only) or PostgreSQL through pg
 * (INSERT … SELECT FROM unnest of 10,000-row column arrays). The rows are what the server writes itself: work
 * orders are excel-data.ts's workOrderRow, send rows are what publishing (releaseAnnouncement) and the broadcast
 * backfill (inbox.service.ts) insert, so the server finds nothing to backfill. ANALYZE at the end.
 */
import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import pg from 'pg';
import { workOrderRow, type Person, type WorkOrderSeedRow } from './excel-data.ts';

/** The users the announcements are sent to; the bell is measured signed in as the first of them. */
export const BENCH_USERS = 1000;
/** Addressees of each 'USER' announcement. */
const ADDRESSEES = 10;
/** Announcements to everyone ('ALL'), sent to every active user as publishing does. */
const BROADCASTS = 20;
const SQLITE_CHUNK = 50_000;
const PG_CHUNK = 10_000;
/** From this many rows on, a table's secondary indexes are dropped for the insert and built again after it. */
const BULK_ROWS = 100_000;

/** 2023-01-01 00:00 at +08:00, the base of workOrderRow's times: order i was created i minutes later. */
export const BASE_MS = Date.parse('2023-01-01T00:00:00+08:00');
const MINUTE = 60_000;
/** The bench users were created before every seeded row (the broadcast backfill compares with it). */
const USER_CREATED = new Date(BASE_MS - 31 * 24 * 60 * MINUTE).toISOString();

type ColumnType = 'text' | 'int';
interface TableSpec {
  table: string;
  columns: readonly (readonly [name: string, type: ColumnType])[];
}

/** Where rows go: the same calls for both databases. */
export interface Sink {
  dialect: 'sqlite' | 'postgres';
  /** Rows 0 … count-1 of a table, made by `row(i)` (values in the spec's column order). */
  insert(spec: TableSpec, count: number, row: (i: number) => unknown[]): Promise<void>;
  exec(sqlText: string): Promise<void>;
  /** A query with `?` placeholders. */
  all(sqlText: string, params?: readonly unknown[]): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

export function sqliteSink(file: string): Sink {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -262144');
  return {
    dialect: 'sqlite',
    async insert(spec, count, row) {
      // One sorted build of each index after the rows beats 1M random inserts into it (the server's own definitions).
      const indexes =
        count >= BULK_ROWS
          ? (db
              .prepare("select name, sql from sqlite_master where type = 'index' and tbl_name = ? and sql is not null")
              .all(spec.table) as { name: string; sql: string }[])
          : [];
      for (const ix of indexes) db.exec(`drop index "${ix.name}"`);
      const names = spec.columns.map(([n]) => n);
      const stmt = db.prepare(
        `insert into ${spec.table} (${names.join(', ')}) values (${names.map(() => '?').join(', ')})`,
      );
      const chunk = db.transaction((from: number, to: number) => {
        for (let i = from; i < to; i++) stmt.run(row(i));
      });
      for (let from = 0; from < count; from += SQLITE_CHUNK) chunk(from, Math.min(count, from + SQLITE_CHUNK));
      for (const ix of indexes) db.exec(ix.sql);
      await Promise.resolve();
    },
    async exec(sqlText) {
      db.exec(sqlText);
      await Promise.resolve();
    },
    async all(sqlText, params = []) {
      return Promise.resolve(db.prepare(sqlText).all(...params) as Record<string, unknown>[]);
    },
    async close() {
      // Fold the WAL back so the server starts on a plain file; synchronous is per connection and ends here.
      db.pragma('wal_checkpoint(TRUNCATE)');
      db.close();
      await Promise.resolve();
    },
  };
}

/** `?` placeholders as PostgreSQL's `$n`. */
export function pgText(sqlText: string): string {
  let n = 0;
  return sqlText.replace(/\?/g, () => `$${++n}`);
}

export async function postgresSink(url: string): Promise<Sink> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    dialect: 'postgres',
    async insert(spec, count, row) {
      const names = spec.columns.map(([n]) => n);
      const arrays = spec.columns.map(([, t], k) => `$${k + 1}::${t === 'int' ? 'int' : 'text'}[]`);
      const text = `insert into ${spec.table} (${names.join(', ')}) select * from unnest(${arrays.join(', ')})`;
      // Secondary indexes (not those of a primary key or unique constraint) are built once after the rows.
      const indexes =
        count >= BULK_ROWS
          ? (
              await client.query<{ indexname: string; indexdef: string }>(
                'select i.indexname, i.indexdef from pg_indexes i where i.schemaname = current_schema() and ' +
                  'i.tablename = $1 and not exists (select 1 from pg_constraint c where c.conname = i.indexname)',
                [spec.table],
              )
            ).rows
          : [];
      for (const ix of indexes) await client.query(`drop index "${ix.indexname}"`);
      for (let from = 0; from < count; from += PG_CHUNK) {
        const to = Math.min(count, from + PG_CHUNK);
        const cols: unknown[][] = spec.columns.map(() => []);
        for (let i = from; i < to; i++) {
          const values = row(i);
          for (let k = 0; k < cols.length; k++) cols[k]!.push(values[k]);
        }
        await client.query(text, cols);
      }
      for (const ix of indexes) await client.query(ix.indexdef);
    },
    async exec(sqlText) {
      await client.query(sqlText);
    },
    async all(sqlText, params = []) {
      return (await client.query(pgText(sqlText), params as unknown[])).rows as Record<string, unknown>[];
    },
    async close() {
      await client.end();
    },
  };
}

/** 32 well-mixed bits of (i, salt) (murmur3's finaliser), as excel-data.ts makes its choices. */
function mix(i: number, salt: number): number {
  let h = Math.imul(i ^ salt, 0x9e3779b1);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** A 32-hex id like the server's newId(), the same on every run. */
function hexId(kind: string, i: number): string {
  return createHash('md5').update(`${kind}:${i}`).digest('hex');
}

const iso = (ms: number): string => new Date(ms).toISOString();

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗';
const GIVEN = [
  '伟',
  '芳',
  '娜',
  '敏',
  '静',
  '丽',
  '强',
  '磊',
  '军',
  '洋',
  '勇',
  '艳',
  '杰',
  '娟',
  '涛',
  '明',
  '超',
  '秀英',
];

/** Bench user i: `bench0000` …, a Chinese name. */
export function benchUsername(i: number): string {
  return `bench${String(i).padStart(4, '0')}`;
}

const WORK_ORDER_COLUMNS: (keyof WorkOrderSeedRow)[] = [
  'id',
  'order_no',
  'title',
  'content',
  'priority',
  'status',
  'reporter_id',
  'assignee_id',
  'closed_by',
  'closed_time',
  'close_note',
  'create_by',
  'create_time',
  'update_by',
  'update_time',
];

const OPERATIONS: readonly (readonly [type: string, content: string, method: string, url: string])[] = [
  ['1', '查询工单列表', 'GET', '/bi/workOrder/list'],
  ['2', '添加工单', 'POST', '/bi/workOrder/add'],
  ['3', '指派工单', 'PUT', '/bi/workOrder/assign'],
  ['3', '完成工单', 'PUT', '/bi/workOrder/complete'],
  ['3', '编辑用户', 'PUT', '/sys/user/edit'],
  ['4', '删除公告', 'DELETE', '/sys/annountCement/delete'],
  ['5', '导入工单', 'POST', '/bi/workOrder/importExcel'],
  ['6', '导出工单', 'GET', '/bi/workOrder/exportXls'],
  ['3', '发布公告', 'GET', '/sys/annountCement/doReleaseData'],
  ['2', '添加角色', 'POST', '/sys/role/add'],
];

const ANNOUNCEMENT_TOPICS = [
  '系统维护通知',
  '月末关账安排',
  '考勤制度调整',
  '报销流程更新',
  '安全培训提醒',
  '节假日值班安排',
  '新版本上线说明',
  '供应商对账提醒',
];

export interface SeedFacts {
  /** Every active user (the orders' people): the seeded ones and the base data's. */
  people: Person[];
  /** Ids of the bench users, in order. */
  benchUserIds: string[];
  workOrders: number;
  operateLogs: number;
  announcements: number;
  sendRows: number;
  ms: number;
}

/** Seeds everything into the database behind `sink` (already migrated and seeded by the server). */
export async function seedLists(sink: Sink, rows: number, log: (line: string) => void): Promise<SeedFacts> {
  const started = performance.now();
  const step = async (what: string, fn: () => Promise<void>) => {
    const t = performance.now();
    await fn();
    log(`  ${what} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  };

  // ---- users: admin's password hash, zhangsan's roles and departments (a plain staff member)
  const admin = (await sink.all("select password from sys_user where username = 'admin'"))[0];
  if (!admin?.password) throw new Error('the seeded database has no admin password');
  const template = (await sink.all("select id, org_code from sys_user where username = 'zhangsan'"))[0];
  if (!template) throw new Error('the seeded database has no demo user zhangsan (HOUTAI_DEMO_DATA off?)');
  const roleIds = (await sink.all('select role_id from sys_user_role where user_id = ?', [template.id])).map(
    (r) => r.role_id as string,
  );
  const departIds = (await sink.all('select dep_id from sys_user_depart where user_id = ?', [template.id])).map(
    (r) => r.dep_id as string,
  );
  const benchUserIds = Array.from({ length: BENCH_USERS }, (_, i) => hexId('user', i));
  await step(`${BENCH_USERS.toLocaleString('en-US')} users with their roles and departments`, async () => {
    await sink.insert(
      {
        table: 'sys_user',
        columns: [
          ['id', 'text'],
          ['username', 'text'],
          ['realname', 'text'],
          ['nickname', 'text'],
          ['password', 'text'],
          ['org_code', 'text'],
          ['status', 'int'],
          ['del_flag', 'int'],
          ['user_identity', 'int'],
          ['create_by', 'text'],
          ['create_time', 'text'],
        ],
      },
      BENCH_USERS,
      (i) => {
        const name = `${SURNAMES[i % SURNAMES.length]!}${GIVEN[Math.floor(i / SURNAMES.length) % GIVEN.length]!}${i}`;
        return [
          benchUserIds[i],
          benchUsername(i),
          name,
          name,
          admin.password,
          template.org_code,
          1,
          0,
          1,
          'bench',
          USER_CREATED,
        ];
      },
    );
    const roleRows = roleIds.length;
    await sink.insert(
      {
        table: 'sys_user_role',
        columns: [
          ['id', 'text'],
          ['user_id', 'text'],
          ['role_id', 'text'],
        ],
      },
      BENCH_USERS * roleRows,
      (k) => [hexId('user-role', k), benchUserIds[Math.floor(k / roleRows)], roleIds[k % roleRows]],
    );
    const departRows = departIds.length;
    await sink.insert(
      {
        table: 'sys_user_depart',
        columns: [
          ['id', 'text'],
          ['user_id', 'text'],
          ['dep_id', 'text'],
        ],
      },
      BENCH_USERS * departRows,
      (k) => [hexId('user-depart', k), benchUserIds[Math.floor(k / departRows)], departIds[k % departRows]],
    );
  });
  // The base data's published broadcasts reach the new users as the server's backfill would give them (unread).
  const earlier = (
    await sink.all(
      "select id from sys_announcement where send_status = '1' and del_flag = '0' and msg_type = 'ALL' " +
        'and (end_time is null or end_time >= ?)',
      [USER_CREATED],
    )
  ).map((r) => r.id as string);
  await sink.insert(
    {
      table: 'sys_announcement_send',
      columns: [
        ['id', 'text'],
        ['annt_id', 'text'],
        ['user_id', 'text'],
        ['read_flag', 'text'],
        ['star_flag', 'text'],
      ],
    },
    earlier.length * BENCH_USERS,
    (n) => [hexId('backfill', n), earlier[n % earlier.length], benchUserIds[Math.floor(n / earlier.length)], '0', '0'],
  );
  const people = (
    await sink.all('select id, username, realname from sys_user where del_flag = 0 and status = 1 order by username')
  ).map((r) => ({
    id: r.id as string,
    username: r.username as string,
    name: (r.realname as string | null) || (r.username as string),
  }));

  // ---- work orders: exactly N (the demo's few are replaced), created one a minute from 2023-01-01 (~2 years)
  await step(`${rows.toLocaleString('en-US')} work orders`, async () => {
    await sink.exec('delete from bi_work_order_log; delete from bi_work_order; delete from bi_work_order_seq;');
    await sink.insert(
      { table: 'bi_work_order', columns: [...WORK_ORDER_COLUMNS.map((c) => [c, 'text'] as const), ['version', 'int']] },
      rows,
      (i) => {
        const row = workOrderRow(i, people);
        const values: unknown[] = WORK_ORDER_COLUMNS.map((c) => row[c]);
        values.push(1);
        return values;
      },
    );
  });

  // ---- operate log: N operations by the same people, one a minute (shifted by 17 s from the orders)
  await step(`${rows.toLocaleString('en-US')} operate-log rows`, async () => {
    await sink.insert(
      {
        table: 'operate_log',
        columns: [
          ['id', 'text'],
          ['user_id', 'text'],
          ['username', 'text'],
          ['realname', 'text'],
          ['operate_time', 'text'],
          ['operate_type', 'text'],
          ['content', 'text'],
          ['relate_id', 'text'],
          ['request_method', 'text'],
          ['request_url', 'text'],
          ['ip', 'text'],
          ['cost_time', 'int'],
        ],
      },
      rows,
      (i) => {
        const a = mix(i, 0x0b1);
        const who = people[a % people.length]!;
        const [type, content, method, url] = OPERATIONS[(a >>> 10) % OPERATIONS.length]!;
        return [
          hexId('op', i),
          who.id,
          who.username,
          who.name,
          iso(BASE_MS + i * MINUTE + 17_000),
          type,
          content,
          hexId('op-relate', i >>> 3),
          method,
          url,
          `10.${(a >>> 4) & 255}.${(a >>> 12) & 255}.${(a >>> 20) & 255}`,
          (a >>> 24) % 400,
        ];
      },
    );
  });

  // ---- announcements: N/10 published to 10 bench users each, 20 broadcasts; send rows as publishing writes them
  const announcements = Math.max(1, Math.floor(rows / ADDRESSEES));
  const spanMs = rows * MINUTE;
  const sendTimeOf = (k: number) => BASE_MS + Math.floor((k * spanMs) / (announcements + BROADCASTS)) + 5_000;
  /** Bench user j of announcement k: 10 different users (k, k+100, …, k+900 modulo 1,000). */
  const addressee = (k: number, j: number) => (k + j * (BENCH_USERS / ADDRESSEES)) % BENCH_USERS;
  const broadcastOf = (k: number) => k % Math.ceil((announcements + BROADCASTS) / BROADCASTS) === 0;
  // Broadcasts are spread among the USER announcements by index; `ordinal` is the announcement's place in time.
  const total = announcements + BROADCASTS;
  const kinds: ('USER' | 'ALL')[] = [];
  let allLeft = BROADCASTS;
  for (let k = 0; k < total; k++) {
    const all = allLeft > 0 && (broadcastOf(k) || total - k <= allLeft);
    kinds.push(all ? 'ALL' : 'USER');
    if (all) allLeft--;
  }
  const userOrdinals: number[] = [];
  const allOrdinals: number[] = [];
  kinds.forEach((kind, k) => (kind === 'ALL' ? allOrdinals : userOrdinals).push(k));
  await step(
    `${total.toLocaleString('en-US')} announcements (${BROADCASTS} to everyone) and their send rows`,
    async () => {
      await sink.insert(
        {
          table: 'sys_announcement',
          columns: [
            ['id', 'text'],
            ['titile', 'text'],
            ['msg_content', 'text'],
            ['msg_content_md', 'text'],
            ['start_time', 'text'],
            ['end_time', 'text'],
            ['sender', 'text'],
            ['priority', 'text'],
            ['msg_category', 'text'],
            ['msg_type', 'text'],
            ['send_status', 'text'],
            ['send_time', 'text'],
            ['del_flag', 'text'],
            ['user_ids', 'text'],
            ['msg_abstract', 'text'],
            ['create_by', 'text'],
            ['create_time', 'text'],
          ],
        },
        total,
        (k) => {
          const a = mix(k, 0xa77);
          const kind = kinds[k]!;
          const sent = sendTimeOf(k);
          const topic = ANNOUNCEMENT_TOPICS[a % ANNOUNCEMENT_TOPICS.length]!;
          const title = `${topic}（第${k + 1}期）`;
          const text = `${topic}：请相关同事留意，详情见正文。编号 ${k + 1}。`;
          const userIds =
            kind === 'USER'
              ? `${Array.from({ length: ADDRESSEES }, (_, j) => benchUserIds[addressee(k, j)]).join(',')},`
              : null;
          return [
            hexId('annt', k),
            title,
            `<p>${text}</p>`,
            text,
            iso(sent),
            null,
            'admin',
            ['L', 'M', 'H'][(a >>> 8) % 3],
            kind === 'ALL' || (a >>> 12) % 5 !== 0 ? '1' : '2',
            kind,
            '1',
            iso(sent),
            '0',
            userIds,
            text,
            'admin',
            iso(sent - 3_600_000),
          ];
        },
      );
      const sendColumns: TableSpec['columns'] = [
        ['id', 'text'],
        ['annt_id', 'text'],
        ['user_id', 'text'],
        ['read_flag', 'text'],
        ['read_time', 'text'],
        ['star_flag', 'text'],
      ];
      const sendRow = (k: number, userId: string, n: number) => {
        const read = (mix(n, 0x5e4d) & 1) === 1;
        return [
          hexId(`send-${k}`, n),
          hexId('annt', k),
          userId,
          read ? '1' : '0',
          read ? iso(sendTimeOf(k) + 3_600_000) : null,
          '0',
        ];
      };
      await sink.insert({ table: 'sys_announcement_send', columns: sendColumns }, announcements * ADDRESSEES, (n) => {
        const k = userOrdinals[Math.floor(n / ADDRESSEES)]!;
        return sendRow(k, benchUserIds[addressee(k, n % ADDRESSEES)]!, n);
      });
      await sink.insert({ table: 'sys_announcement_send', columns: sendColumns }, BROADCASTS * people.length, (n) => {
        const k = allOrdinals[Math.floor(n / people.length)]!;
        return sendRow(k, people[n % people.length]!.id, n);
      });
    },
  );

  await step('ANALYZE', () => sink.exec('analyze'));
  return {
    people,
    benchUserIds,
    workOrders: rows,
    operateLogs: rows,
    announcements: total,
    sendRows: announcements * ADDRESSEES + BROADCASTS * people.length,
    ms: performance.now() - started,
  };
}
