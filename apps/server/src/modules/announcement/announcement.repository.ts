/** SQL of announcements (sys_announcement) and their per-user send rows (sys_announcement_send). */
import type { Insertable, RawBuilder, Selectable, SqlBool, Updateable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { SysAnnouncementSendTable, SysAnnouncementTable } from '../../db/schema.ts';
import { executeCompiled } from '../../lib/compiled-query.ts';
import { newId } from '../../lib/ids.ts';
import { like } from '../../lib/like.ts';

export type AnnouncementRow = Selectable<SysAnnouncementTable>;
export type SendRow = Selectable<SysAnnouncementSendTable>;

/** Rows per insert statement (well under SQLite's and PostgreSQL's bound-parameter limits). */
const INSERT_CHUNK = 500;

// ---- Sorting: API names → columns, a closed map per list (contract §1.5; unknown names are refused upstream) ----

export type SortDirection = 'asc' | 'desc';

export const ANNOUNCEMENT_SORT_COLUMNS = new Map(
  Object.entries({
    createTime: 'createTime',
    updateTime: 'updateTime',
    titile: 'titile',
    priority: 'priority',
    msgCategory: 'msgCategory',
    msgType: 'msgType',
    sendStatus: 'sendStatus',
    sendTime: 'sendTime',
    cancelTime: 'cancelTime',
    startTime: 'startTime',
    endTime: 'endTime',
    sender: 'sender',
  } as const),
);
export type AnnouncementSortColumn = typeof ANNOUNCEMENT_SORT_COLUMNS extends Map<string, infer C> ? C : never;

/** My messages: the announcement's fields, and the send row's read state. */
export const MESSAGE_SORT_COLUMNS = new Map(
  Object.entries({
    createTime: 'a.createTime',
    sendTime: 'a.sendTime',
    titile: 'a.titile',
    priority: 'a.priority',
    msgCategory: 'a.msgCategory',
    sender: 'a.sender',
    readFlag: 's.readFlag',
    readTime: 's.readTime',
  } as const),
);
export type MessageSortColumn = typeof MESSAGE_SORT_COLUMNS extends Map<string, infer C> ? C : never;

export interface Sort<C> {
  column: C;
  direction: SortDirection;
}

// ---- Announcements ----

export function insertAnnouncement(db: Db, row: Insertable<SysAnnouncementTable>) {
  return db.insertInto('sysAnnouncement').values(row).execute();
}

/** A live (not deleted) announcement. */
export function findAnnouncement(db: Db, id: string) {
  return db
    .selectFrom('sysAnnouncement')
    .selectAll()
    .where('id', '=', id)
    .where('delFlag', '=', '0')
    .executeTakeFirst();
}

/** Updates a live draft; with `version` only when the row still has it. Answers the number of rows changed. */
export async function updateDraft(
  db: Db,
  id: string,
  version: number | undefined,
  values: Updateable<SysAnnouncementTable>,
): Promise<number> {
  let q = db
    .updateTable('sysAnnouncement')
    .set((eb) => ({ ...values, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('delFlag', '=', '0')
    .where('sendStatus', '=', '0');
  if (version !== undefined) q = q.where('version', '=', version);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Moves a live announcement from one send status to another; answers whether it did. */
export async function changeSendStatus(
  db: Db,
  id: string,
  from: string,
  values: Updateable<SysAnnouncementTable>,
): Promise<boolean> {
  const r = await db
    .updateTable('sysAnnouncement')
    .set((eb) => ({ ...values, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('delFlag', '=', '0')
    .where('sendStatus', '=', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** The live announcements among `ids` (id, audience and status: what a deletion must tell the addressees). */
export function findLiveAmong(db: Db, ids: readonly string[]) {
  return db
    .selectFrom('sysAnnouncement')
    .select(['id', 'msgType', 'sendStatus'])
    .where('id', 'in', ids)
    .where('delFlag', '=', '0')
    .execute();
}

export async function markDeleted(db: Db, ids: readonly string[], by: string, at: string): Promise<number> {
  const r = await db
    .updateTable('sysAnnouncement')
    .set((eb) => ({ delFlag: '1', updateBy: by, updateTime: at, version: eb('version', '+', 1) }))
    .where('id', 'in', ids)
    .where('delFlag', '=', '0')
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export interface AnnouncementFilter {
  /** Contains-match, escaped and bound. */
  titile?: string | undefined;
  msgCategory?: string | undefined;
  sendStatus?: string | undefined;
  msgType?: string | undefined;
  priority?: string | undefined;
  /** The advanced query, built by the field registry over unqualified columns. */
  where?: RawBuilder<SqlBool> | null | undefined;
}

function filteredAnnouncements(db: Db, f: AnnouncementFilter) {
  let q = db.selectFrom('sysAnnouncement').where('delFlag', '=', '0');
  const titile = f.titile;
  if (titile) q = q.where((eb) => like(eb.ref('titile'), titile));
  if (f.msgCategory) q = q.where('msgCategory', '=', f.msgCategory);
  if (f.sendStatus) q = q.where('sendStatus', '=', f.sendStatus);
  if (f.msgType) q = q.where('msgType', '=', f.msgType);
  if (f.priority) q = q.where('priority', '=', f.priority);
  if (f.where) q = q.where(f.where);
  return q;
}

export async function countAnnouncements(db: Db, f: AnnouncementFilter): Promise<number> {
  const row = await filteredAnnouncements(db, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function pageAnnouncements(
  db: Db,
  f: AnnouncementFilter,
  sort: readonly Sort<AnnouncementSortColumn>[],
  offset: number,
  limit: number,
) {
  let q = filteredAnnouncements(db, f).selectAll();
  for (const s of sort) q = q.orderBy(s.column, s.direction);
  // A stable order across pages when the sort values are equal.
  return q.orderBy('id', 'desc').offset(offset).limit(limit).execute();
}

// ---- Addressees ----

/** Every active account (not removed, not frozen). */
export async function findActiveUserIds(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('sysUser').select('id').where('delFlag', '=', 0).where('status', '=', 1).execute();
  return rows.map((r) => r.id);
}

/** The active accounts among `ids`. */
export async function findActiveUserIdsAmong(db: Db, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('sysUser')
    .select('id')
    .where('id', 'in', ids)
    .where('delFlag', '=', 0)
    .where('status', '=', 1)
    .execute();
  return rows.map((r) => r.id);
}

/** Live departments among `ids`, with their org codes. */
export function findDepartsAmong(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('sysDepart')
    .select(['id', 'orgCode'])
    .where('id', 'in', ids)
    .where('delFlag', '=', '0')
    .execute();
}

/** Active members of the departments whose org code starts with one of `orgCodes` (so sub-departments too). */
export async function findActiveUserIdsUnderOrgCodes(db: Db, orgCodes: readonly string[]): Promise<string[]> {
  if (orgCodes.length === 0) return [];
  const rows = await db
    .selectFrom('sysUser as u')
    .innerJoin('sysUserDepart as ud', 'ud.userId', 'u.id')
    .innerJoin('sysDepart as d', 'd.id', 'ud.depId')
    .select('u.id')
    .distinct()
    .where('u.delFlag', '=', 0)
    .where('u.status', '=', 1)
    .where('d.delFlag', '=', '0')
    .where((eb) => eb.or(orgCodes.map((code) => like(eb.ref('d.orgCode'), code, 'prefix'))))
    .execute();
  return rows.map((r) => r.id);
}

/** One unread send row per user; rows that exist already are left as they are. */
export async function insertSendRows(db: Db, anntId: string, userIds: readonly string[]): Promise<void> {
  for (let i = 0; i < userIds.length; i += INSERT_CHUNK) {
    const chunk = userIds.slice(i, i + INSERT_CHUNK);
    await db
      .insertInto('sysAnnouncementSend')
      .values(chunk.map((userId) => ({ id: newId(), anntId, userId, readFlag: '0', readTime: null, starFlag: '0' })))
      .onConflict((oc) => oc.columns(['anntId', 'userId']).doNothing())
      .execute();
  }
}

export async function findAddresseeIds(db: Db, anntId: string): Promise<string[]> {
  const rows = await db.selectFrom('sysAnnouncementSend').select('userId').where('anntId', '=', anntId).execute();
  return rows.map((r) => r.userId);
}

// ---- The caller's messages ----

export function findUserCreateTime(db: Db, userId: string) {
  return db.selectFrom('sysUser').select('createTime').where('id', '=', userId).executeTakeFirst();
}

/**
 * Published, live broadcast announcements the user has no send row for yet and that were still running when
 * the account was created (contract §2.3: end_time ≥ the user's create time; no end time counts as running).
 */
export async function findMissingBroadcastIds(db: Db, userId: string, userCreatedAt: string | null): Promise<string[]> {
  let q = db
    .selectFrom('sysAnnouncement as a')
    .select('a.id')
    .where('a.sendStatus', '=', '1')
    .where('a.delFlag', '=', '0')
    .where('a.msgType', '=', 'ALL')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('sysAnnouncementSend as s')
            .select('s.id')
            .whereRef('s.anntId', '=', 'a.id')
            .where('s.userId', '=', userId),
        ),
      ),
    );
  if (userCreatedAt) {
    q = q.where((eb) => eb.or([eb('a.endTime', 'is', null), eb('a.endTime', '>=', userCreatedAt)]));
  }
  return (await q.execute()).map((r) => r.id);
}

export async function insertSendRowsForUser(db: Db, userId: string, anntIds: readonly string[]): Promise<void> {
  for (let i = 0; i < anntIds.length; i += INSERT_CHUNK) {
    const chunk = anntIds.slice(i, i + INSERT_CHUNK);
    await db
      .insertInto('sysAnnouncementSend')
      .values(chunk.map((anntId) => ({ id: newId(), anntId, userId, readFlag: '0', readTime: null, starFlag: '0' })))
      .onConflict((oc) => oc.columns(['anntId', 'userId']).doNothing())
      .execute();
  }
}

/**
 * The bell's change markers (migration 0024's triggers move them): every announcement's and this user's send rows'.
 * Equal markers mean that nothing the user's inbox reads has changed.
 */
export async function readInboxEpochs(db: Db, userId: string): Promise<string> {
  const { rows } = await executeCompiled(
    db,
    'readInboxEpochs',
    (name) => db.selectFrom('sysCacheEpoch').select(['name', 'epoch']).where('name', 'in', ['inbox', name]),
    [`inbox:${userId}`],
  );
  const of = (name: string) => rows.find((r) => r.name === name)?.epoch ?? 0;
  return `${of('inbox')}:${of(`inbox:${userId}`)}`;
}

/** The user's send rows of published, live announcements (revoked and deleted ones are gone for them). */
function visibleMessages(db: Db, userId: string) {
  return db
    .selectFrom('sysAnnouncementSend as s')
    .innerJoin('sysAnnouncement as a', 'a.id', 's.anntId')
    .where('s.userId', '=', userId)
    .where('a.sendStatus', '=', '1')
    .where('a.delFlag', '=', '0');
}

export async function countUnread(
  db: Db,
  userId: string,
  categories: readonly string[],
  where: RawBuilder<SqlBool> | null = null,
): Promise<number> {
  const row = await unread(db, userId, categories, where)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The caller's unread messages of these categories (and the advanced query's predicate over alias `a`). */
function unread(db: Db, userId: string, categories: readonly string[], where: RawBuilder<SqlBool> | null) {
  const q = visibleMessages(db, userId).where('s.readFlag', '=', '0').where('a.msgCategory', 'in', categories);
  return where ? q.where(where) : q;
}

/**
 * Newest unread announcements of these categories, with the caller's send row. In two steps: the page's send rows
 * are chosen from the covering indexes alone (migration 0023: no announcement's text is read to sort a user's
 * hundreds of unread messages), then only those rows are read whole.
 */
export async function findUnread(
  db: Db,
  userId: string,
  categories: readonly string[],
  limit: number,
  where: RawBuilder<SqlBool> | null = null,
) {
  const page = await unread(db, userId, categories, where)
    .select('s.id as sendId')
    .orderBy('a.sendTime', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit)
    .execute();
  if (page.length === 0) return [];
  const rows = await db
    .selectFrom('sysAnnouncementSend as s')
    .innerJoin('sysAnnouncement as a', 'a.id', 's.anntId')
    .selectAll('a')
    .select(['s.id as sendId', 's.readFlag as sendReadFlag', 's.starFlag as sendStarFlag'])
    .where(
      's.id',
      'in',
      page.map((p) => p.sendId),
    )
    .execute();
  const bySend = new Map(rows.map((r) => [r.sendId, r]));
  return page.flatMap((p) => {
    const row = bySend.get(p.sendId);
    return row ? [row] : [];
  });
}

export interface MessageFilter {
  titile?: string | undefined;
  sender?: string | undefined;
  readFlag?: string | undefined;
  msgCategory?: string | undefined;
  busType?: string | undefined;
  /** Leave out workflow (bus_type 'bpm') messages. */
  excludeBpm?: boolean;
  /** The advanced query, built by the field registry over the announcement's columns (alias `a`). */
  where?: RawBuilder<SqlBool> | null | undefined;
}

function filteredMessages(db: Db, userId: string, f: MessageFilter) {
  let q = visibleMessages(db, userId);
  const titile = f.titile;
  if (titile) q = q.where((eb) => like(eb.ref('a.titile'), titile));
  const sender = f.sender;
  if (sender) q = q.where((eb) => like(eb.ref('a.sender'), sender));
  if (f.readFlag) q = q.where('s.readFlag', '=', f.readFlag);
  if (f.msgCategory) q = q.where('a.msgCategory', '=', f.msgCategory);
  if (f.busType) q = q.where('a.busType', '=', f.busType);
  if (f.excludeBpm) q = q.where((eb) => eb.or([eb('a.busType', 'is', null), eb('a.busType', '<>', 'bpm')]));
  if (f.where) q = q.where(f.where);
  return q;
}

export async function countMessages(db: Db, userId: string, f: MessageFilter): Promise<number> {
  const row = await filteredMessages(db, userId, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

const MESSAGE_COLUMNS = [
  's.id as sendId',
  's.anntId',
  's.userId',
  's.readFlag',
  's.readTime',
  's.starFlag',
  'a.titile',
  'a.msgContent',
  'a.sender',
  'a.priority',
  'a.sendTime',
  'a.msgCategory',
  'a.busId',
  'a.busType',
  'a.openType',
  'a.openPage',
  'a.msgAbstract',
  'a.createTime',
] as const;

export function pageMessages(
  db: Db,
  userId: string,
  f: MessageFilter,
  sort: readonly Sort<MessageSortColumn>[],
  offset: number,
  limit: number,
) {
  let q = filteredMessages(db, userId, f).select(MESSAGE_COLUMNS);
  for (const s of sort) q = q.orderBy(s.column, s.direction);
  return q.orderBy('s.id', 'desc').offset(offset).limit(limit).execute();
}

export type MessageRow = Awaited<ReturnType<typeof pageMessages>>[number];

/** One of the user's visible messages by its send row id. */
export function findMessage(db: Db, userId: string, sendId: string) {
  return visibleMessages(db, userId).where('s.id', '=', sendId).select(MESSAGE_COLUMNS).executeTakeFirst();
}

export function findSendRow(db: Db, anntId: string, userId: string) {
  return db
    .selectFrom('sysAnnouncementSend')
    .selectAll()
    .where('anntId', '=', anntId)
    .where('userId', '=', userId)
    .executeTakeFirst();
}

/** Marks the user's row of one announcement read (a read row keeps its first read time). */
export async function markRead(db: Db, userId: string, anntId: string, at: string): Promise<void> {
  await db
    .updateTable('sysAnnouncementSend')
    .set({ readFlag: '1', readTime: at })
    .where('userId', '=', userId)
    .where('anntId', '=', anntId)
    .where('readFlag', '=', '0')
    .execute();
}

export async function markAllRead(db: Db, userId: string, at: string): Promise<number> {
  const r = await db
    .updateTable('sysAnnouncementSend')
    .set({ readFlag: '1', readTime: at })
    .where('userId', '=', userId)
    .where('readFlag', '=', '0')
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}
