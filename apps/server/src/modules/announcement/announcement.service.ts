/**
 * Announcement administration (contract §2.3 `/sys/annountCement`): drafts are written, published to their
 * audience (everyone, listed users, or listed departments with their sub-departments), revoked, and deleted
 * logically. Publishing creates one send row per addressee and pushes a realtime message after the commit.
 */
import {
  ANNOUNCEMENT_TEXT,
  parseWireTime,
  type AnnouncementAddBody,
  type AnnouncementEditBody,
  type AnnouncementListQuery,
  type AnnouncementListRecord,
  type AnnouncementRecord,
} from '@houtai/shared/contract/announcement';
import type { Page } from '@houtai/shared/contract/common';
import { TEXT } from '@houtai/shared/constants';
import type { Db } from '../../db/connection.ts';
import type { SysAnnouncementTable } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { newId } from '../../lib/ids.ts';
import type { Session } from '../../plugins/types.ts';
import { superQueryWhere } from '../../registry/index.ts';
import {
  isoAt,
  loadDictTexts,
  pageWindow,
  pushSafely,
  resolveSort,
  type AnnouncementDeps,
} from './announcement-common.ts';
import { hasVisibleContent, markdownToAnnouncementHtml, sanitizeAnnouncementHtml } from './announcement-html.ts';
import { ANNOUNCEMENT_ENTITY } from './announcement.fields.ts';
import { toAnnouncementListRecord, toAnnouncementRecord } from './announcement.presenter.ts';
import * as repo from './announcement.repository.ts';
import { backfillBroadcasts } from './inbox.service.ts';
import type { Updateable } from 'kysely';

// ---- List ----

export async function listAnnouncements(db: Db, q: AnnouncementListQuery): Promise<Page<AnnouncementListRecord>> {
  const filter: repo.AnnouncementFilter = {
    titile: q.titile,
    msgCategory: q.msgCategory,
    sendStatus: q.sendStatus,
    msgType: q.msgType,
    priority: q.priority,
    where: superQueryWhere(ANNOUNCEMENT_ENTITY, q),
  };
  const sort = resolveSort(repo.ANNOUNCEMENT_SORT_COLUMNS, q.column, q.order, [
    { column: 'createTime', direction: 'desc' },
  ]);
  const { offset, limit } = pageWindow(q.pageNo, q.pageSize);
  const [total, rows, dicts] = await Promise.all([
    repo.countAnnouncements(db, filter),
    repo.pageAnnouncements(db, filter, sort, offset, limit),
    loadDictTexts(db),
  ]);
  return {
    records: rows.map((r) => toAnnouncementListRecord(r, dicts)),
    total,
    size: q.pageSize,
    current: q.pageNo,
    pages: Math.ceil(total / q.pageSize),
  };
}

// ---- Drafts ----

/** Jeecg keeps id lists as 'a,b,c,' (trailing comma). */
function idListText(ids: readonly string[] | undefined): string | null {
  return ids && ids.length > 0 ? `${ids.join(',')},` : null;
}

function instant(wire: string | undefined): string | null {
  if (!wire) return null;
  const ms = parseWireTime(wire);
  return ms === null ? null : isoAt(ms);
}

/** The listed users must be active accounts and the listed departments live ones. */
async function checkAudience(db: Db, body: AnnouncementAddBody): Promise<void> {
  if (body.msgType === 'USER') {
    const ids = body.userIds ?? [];
    const found = await repo.findActiveUserIdsAmong(db, ids);
    if (found.length !== ids.length) throw AppError.business(ANNOUNCEMENT_TEXT.usersNotFound);
  } else if (body.msgType === 'DEPART') {
    const ids = body.departIds ?? [];
    const found = await repo.findDepartsAmong(db, ids);
    if (found.length !== ids.length) throw AppError.business(ANNOUNCEMENT_TEXT.departsNotFound);
  }
}

/**
 * The content as stored: sanitised HTML, made from our editor's Markdown when it sent some (kept for re-editing),
 * else from the HTML a Jeecg client sent. Content that sanitising empties is refused.
 */
function contentColumns(body: AnnouncementAddBody): { msgContent: string; msgContentMd: string | null } {
  const md = body.msgContentMd ?? null;
  const html = md !== null ? markdownToAnnouncementHtml(md) : sanitizeAnnouncementHtml(body.msgContent);
  if (!hasVisibleContent(html)) throw AppError.business(ANNOUNCEMENT_TEXT.contentEmpty);
  return { msgContent: html, msgContentMd: md };
}

/** The form's fields as columns. Titles are stored as given (text everywhere); content as sanitised HTML. */
function draftColumns(body: AnnouncementAddBody): Updateable<SysAnnouncementTable> {
  return {
    titile: body.titile,
    ...contentColumns(body),
    startTime: instant(body.startTime),
    endTime: instant(body.endTime),
    priority: body.priority,
    msgCategory: body.msgCategory,
    msgType: body.msgType,
    userIds: body.msgType === 'USER' ? idListText(body.userIds) : null,
    departIds: body.msgType === 'DEPART' ? idListText(body.departIds) : null,
    openType: body.openType ?? null,
    // A page without an opening mode means nothing, and would skip the page's validation.
    openPage: body.openType ? (body.openPage ?? null) : null,
    busType: body.busType ?? null,
    busId: body.busId ?? null,
    msgAbstract: body.msgAbstract ?? null,
  };
}

export async function addAnnouncement(deps: AnnouncementDeps, session: Session, body: AnnouncementAddBody) {
  await checkAudience(deps.db, body);
  const id = newId();
  const columns = draftColumns(body);
  await repo.insertAnnouncement(deps.db, {
    ...columns,
    id,
    titile: body.titile,
    sender: null,
    sendStatus: '0',
    sendTime: null,
    cancelTime: null,
    delFlag: '0',
    createBy: session.user.username,
    createTime: isoAt(deps.now()),
    updateBy: null,
    updateTime: null,
  });
  return id;
}

/** Only drafts are edited; a `version` that is no longer the row's is a conflict (409). */
export async function editAnnouncement(
  deps: AnnouncementDeps,
  session: Session,
  body: AnnouncementEditBody,
): Promise<void> {
  await checkAudience(deps.db, body);
  const changed = await repo.updateDraft(deps.db, body.id, body.version, {
    ...draftColumns(body),
    updateBy: session.user.username,
    updateTime: isoAt(deps.now()),
  });
  if (changed > 0) return;
  const row = await repo.findAnnouncement(deps.db, body.id);
  if (!row) throw AppError.business(ANNOUNCEMENT_TEXT.notFound);
  if (row.sendStatus !== '0') throw AppError.business(ANNOUNCEMENT_TEXT.onlyDraftEditable);
  throw AppError.conflict(TEXT.versionConflict);
}

// ---- Publishing ----

/** Who receives a published announcement now. */
async function audienceOf(db: Db, row: repo.AnnouncementRow): Promise<string[]> {
  switch (row.msgType) {
    case 'USER':
      return repo.findActiveUserIdsAmong(db, splitStored(row.userIds));
    case 'DEPART': {
      const departs = await repo.findDepartsAmong(db, splitStored(row.departIds));
      return repo.findActiveUserIdsUnderOrgCodes(
        db,
        departs.map((d) => d.orgCode),
      );
    }
    default:
      return repo.findActiveUserIds(db);
  }
}

function splitStored(list: string | null): string[] {
  return (list ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/**
 * GET doReleaseData: a draft becomes published (send time now, sender the caller), every addressee gets an unread
 * send row, and the realtime message goes out: a broadcast 'topic' for everyone, 'user' to the addressees.
 */
export async function releaseAnnouncement(deps: AnnouncementDeps, session: Session, id: string): Promise<void> {
  const { row, recipients } = await deps.db.transaction().execute(async (trx) => {
    const row = await repo.findAnnouncement(trx, id);
    if (!row) throw AppError.business(ANNOUNCEMENT_TEXT.notFound);
    if (row.sendStatus !== '0') throw AppError.business(ANNOUNCEMENT_TEXT.onlyDraftReleasable);
    const recipients = await audienceOf(trx, row);
    if (recipients.length === 0) throw AppError.business(ANNOUNCEMENT_TEXT.noRecipients);
    const now = isoAt(deps.now());
    const changed = await repo.changeSendStatus(trx, id, '0', {
      sendStatus: '1',
      sendTime: now,
      sender: session.user.username,
      cancelTime: null,
      updateBy: session.user.username,
      updateTime: now,
    });
    // Another administrator published it in the meantime.
    if (!changed) throw AppError.business(ANNOUNCEMENT_TEXT.onlyDraftReleasable);
    await repo.insertSendRows(trx, id, recipients);
    return { row, recipients };
  });
  await pushSafely(deps, (hub) =>
    row.msgType === 'ALL'
      ? hub.broadcast({ cmd: 'topic', msgId: id, msgTxt: row.titile })
      : hub.sendToUsers(recipients, { cmd: 'user', msgId: id, msgTxt: row.titile }),
  );
}

/** Tells the addressees of a published announcement to reload their bell (it was revoked or deleted). */
async function pushWithdrawn(deps: AnnouncementDeps, id: string, msgType: string): Promise<void> {
  if (msgType === 'ALL') {
    await pushSafely(deps, (hub) => hub.broadcast({ cmd: 'topic', msgId: id }));
    return;
  }
  const addressees = await repo.findAddresseeIds(deps.db, id);
  await pushSafely(deps, (hub) => hub.sendToUsers(addressees, { cmd: 'topic', msgId: id }));
}

/** GET doReovkeData (sic): published → revoked; it leaves the addressees' lists and counts. */
export async function revokeAnnouncement(deps: AnnouncementDeps, session: Session, id: string): Promise<void> {
  const row = await repo.findAnnouncement(deps.db, id);
  if (!row) throw AppError.business(ANNOUNCEMENT_TEXT.notFound);
  const now = isoAt(deps.now());
  const changed = await repo.changeSendStatus(deps.db, id, '1', {
    sendStatus: '2',
    cancelTime: now,
    updateBy: session.user.username,
    updateTime: now,
  });
  if (!changed) throw AppError.business(ANNOUNCEMENT_TEXT.onlyPublishedRevocable);
  await pushWithdrawn(deps, id, row.msgType);
}

/** DELETE delete / deleteBatch: logical; published ones also leave their addressees' bells. */
export async function deleteAnnouncements(
  deps: AnnouncementDeps,
  session: Session,
  ids: readonly string[],
): Promise<number> {
  const live = await repo.findLiveAmong(deps.db, ids);
  if (live.length === 0) throw AppError.business(ANNOUNCEMENT_TEXT.notFound);
  const deleted = await repo.markDeleted(
    deps.db,
    live.map((r) => r.id),
    session.user.username,
    isoAt(deps.now()),
  );
  for (const r of live) if (r.sendStatus === '1') await pushWithdrawn(deps, r.id, r.msgType);
  return deleted;
}

// ---- Reading one ----

export interface AnnouncementViewer {
  userId: string;
  /** Holds the list permission: may read any announcement, drafts included. */
  isAdmin: boolean;
}

/**
 * GET queryById: administrators any live announcement; everyone else only a published one addressed to them.
 * Unknown and not-addressed are the same 404, so nothing tells that an announcement exists.
 */
export async function queryAnnouncement(db: Db, viewer: AnnouncementViewer, id: string): Promise<AnnouncementRecord> {
  if (!viewer.isAdmin) await backfillBroadcasts(db, viewer.userId);
  const [row, send] = await Promise.all([repo.findAnnouncement(db, id), repo.findSendRow(db, id, viewer.userId)]);
  const visible = row && (viewer.isAdmin || (row.sendStatus === '1' && send));
  if (!row || !visible) throw AppError.notFound(ANNOUNCEMENT_TEXT.notFound);
  return toAnnouncementRecord(row, send ? { sendId: send.id, readFlag: send.readFlag, starFlag: send.starFlag } : null);
}
