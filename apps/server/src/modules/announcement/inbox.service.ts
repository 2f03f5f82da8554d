/**
 * The caller's own messages (contract §2.3; spec 000 §4 bell and my messages): the bell's unread lists, the
 * message list, marking read. Everything is scoped to the session's user in the query itself; revoked and
 * deleted announcements are gone for addressees.
 */
import {
  ANNOUNCEMENT_TEXT,
  type ListByUserResult,
  type MyAnnouncementQuery,
  type MyAnnouncementRecord,
} from '@houtai/shared/contract/announcement';
import type { Page } from '@houtai/shared/contract/common';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import type { Session } from '../../plugins/types.ts';
import { superQueryWhere, type SuperQueryInput } from '../../registry/index.ts';
import {
  isoAt,
  loadDictTexts,
  pageWindow,
  pushSafely,
  resolveSort,
  type AnnouncementDeps,
} from './announcement-common.ts';
import { ANNOUNCEMENT_ENTITY } from './announcement.fields.ts';
import { toAnnouncementRecord, toMyAnnouncementRecord } from './announcement.presenter.ts';
import * as repo from './announcement.repository.ts';

/**
 * The bell's two lists. The contract names '1' notices and '2' system messages; gateway messages ('3', shown with
 * their own icon) are announcements to read, so they count with the notices.
 */
export const NOTICE_CATEGORIES = ['1', '3'] as const;
export const SYSTEM_MESSAGE_CATEGORIES = ['2'] as const;

/**
 * Gives the user a send row for every published broadcast they lack (accounts created, or re-activated, after
 * the announcement went out), per contract §2.3. Runs before every read of the caller's messages.
 */
export async function backfillBroadcasts(db: Db, userId: string): Promise<void> {
  const user = await repo.findUserCreateTime(db, userId);
  const missing = await repo.findMissingBroadcastIds(db, userId, user?.createTime ?? null);
  if (missing.length > 0) await repo.insertSendRowsForUser(db, userId, missing);
}

/** Bell answers remembered (users × page sizes; about 12 KB each), per database; the least recently used goes first. */
const BELL_ANSWERS = 1000;
const bellAnswers = new WeakMap<Db, Map<string, { epochs: string; answer: ListByUserResult }>>();

/**
 * GET listByUser: newest unread of each list (pageSize each) and the full unread counts. The bell asks on every
 * page of every user, so an answer is remembered until the inbox's change markers move (any write of announcements
 * or of this user's send rows, on any instance): exact, not for a while.
 */
export async function listByUser(
  db: Db,
  userId: string,
  q: { pageSize: number } & SuperQueryInput,
): Promise<ListByUserResult> {
  const where = superQueryWhere(ANNOUNCEMENT_ENTITY, q, 'a');
  if (where) return readBell(db, userId, q.pageSize, where);
  let answers = bellAnswers.get(db);
  if (!answers) {
    answers = new Map();
    bellAnswers.set(db, answers);
  }
  const key = `${userId}\u0000${q.pageSize}`;
  // Read before the answer: a write in between moves the markers, so a remembered answer is never older than its key.
  const epochs = await repo.readInboxEpochs(db, userId);
  const known = answers.get(key);
  answers.delete(key);
  if (known?.epochs === epochs) {
    answers.set(key, known);
    return known.answer;
  }
  const answer = await readBell(db, userId, q.pageSize, null);
  answers.set(key, { epochs, answer });
  if (answers.size > BELL_ANSWERS) answers.delete(answers.keys().next().value!);
  return answer;
}

async function readBell(
  db: Db,
  userId: string,
  pageSize: number,
  where: ReturnType<typeof superQueryWhere>,
): Promise<ListByUserResult> {
  const q = { pageSize };
  await backfillBroadcasts(db, userId);
  const [anntMsgTotal, anntRows, sysMsgTotal, sysRows] = await Promise.all([
    repo.countUnread(db, userId, NOTICE_CATEGORIES, where),
    repo.findUnread(db, userId, NOTICE_CATEGORIES, q.pageSize, where),
    repo.countUnread(db, userId, SYSTEM_MESSAGE_CATEGORIES, where),
    repo.findUnread(db, userId, SYSTEM_MESSAGE_CATEGORIES, q.pageSize, where),
  ]);
  const present = (rows: typeof anntRows) =>
    rows.map((r) => toAnnouncementRecord(r, { sendId: r.sendId, readFlag: r.sendReadFlag, starFlag: r.sendStarFlag }));
  return { anntMsgList: present(anntRows), anntMsgTotal, sysMsgList: present(sysRows), sysMsgTotal };
}

/** GET getMyAnnouncementSend: the caller's messages, newest created first unless the client sorts otherwise. */
export async function myMessages(db: Db, userId: string, q: MyAnnouncementQuery): Promise<Page<MyAnnouncementRecord>> {
  await backfillBroadcasts(db, userId);
  const filter: repo.MessageFilter = {
    titile: q.titile,
    sender: q.sender,
    readFlag: q.readFlag,
    msgCategory: q.msgCategory,
    busType: q.busType,
    excludeBpm: q.bizSource === 'isNoBpm',
    where: superQueryWhere(ANNOUNCEMENT_ENTITY, q, 'a'),
  };
  const sort = resolveSort(repo.MESSAGE_SORT_COLUMNS, q.column, q.order, [
    { column: 'a.createTime', direction: 'desc' },
  ]);
  const { offset, limit } = pageWindow(q.pageNo, q.pageSize);
  const [total, rows, dicts] = await Promise.all([
    repo.countMessages(db, userId, filter),
    repo.pageMessages(db, userId, filter, sort, offset, limit),
    loadDictTexts(db),
  ]);
  return {
    records: rows.map((r) => toMyAnnouncementRecord(r, dicts)),
    total,
    size: q.pageSize,
    current: q.pageNo,
    pages: Math.ceil(total / q.pageSize),
  };
}

/** GET getOne: one of the caller's own visible messages by its send row id. */
export async function myMessage(db: Db, userId: string, sendId: string): Promise<MyAnnouncementRecord> {
  const row = await repo.findMessage(db, userId, sendId);
  if (!row) throw AppError.notFound(ANNOUNCEMENT_TEXT.notFound);
  return toMyAnnouncementRecord(row, await loadDictTexts(db));
}

/**
 * PUT|POST editByAnntIdAndUserId: the caller's row of that announcement becomes read (first read time kept).
 * Idempotent, and silent about announcements not addressed to the caller (nothing to mark, nothing told).
 */
export async function markRead(deps: AnnouncementDeps, session: Session, anntId: string): Promise<void> {
  await backfillBroadcasts(deps.db, session.user.id);
  await repo.markRead(deps.db, session.user.id, anntId, isoAt(deps.now()));
}

/** PUT|POST readAll: everything of the caller read; their open pages reload the bell. */
export async function readAll(deps: AnnouncementDeps, session: Session): Promise<number> {
  await backfillBroadcasts(deps.db, session.user.id);
  const marked = await repo.markAllRead(deps.db, session.user.id, isoAt(deps.now()));
  await pushSafely(deps, (hub) => hub.sendToUsers([session.user.id], { cmd: 'topic' }));
  return marked;
}

/**
 * GET syncNotic. With an anntId (after reading a message) JeecgBoot re-sends that announcement to its whole
 * audience, so anyone could make everyone's bell ring with any id; here only the caller's own sockets get
 * {cmd:'topic'}, which makes each of the caller's open pages reload its bell. Without an anntId (the Vue2 UI after
 * marking all read) JeecgBoot broadcasts {cmd:'topic'} to every connected user, and so do we: the message carries
 * nothing but "reload your bell", each page then reads only its own user's messages, and the route is rate-limited.
 */
export async function syncNotice(deps: AnnouncementDeps, session: Session, anntId: string | undefined): Promise<void> {
  if (anntId) await pushSafely(deps, (hub) => hub.sendToUsers([session.user.id], { cmd: 'topic' }));
  else await pushSafely(deps, (hub) => hub.broadcast({ cmd: 'topic' }));
}
