/**
 * Seed step '0004-announcement-html' (issue 11): announcements written before content became HTML hold Markdown
 * in msg_content, which the JeecgBoot UIs show raw. Each such row (no msg_content_md yet) keeps its Markdown in
 * msg_content_md and gets the sanitised HTML in msg_content. Also puts every msg_type value the server accepts
 * into the msg_type dictionary (an installation whose dictionary lacks one shows the raw value).
 */
import { MSG_TYPES } from '@houtai/shared/contract/announcement';
import type { Db } from '../connection.ts';
import { markdownToAnnouncementHtml } from '../../modules/announcement/announcement-html.ts';
import { ensureDict } from './dictionaries.ts';

/** The label of each msg_type value (the contract's USER/ALL and our DEPART). */
export const MSG_TYPE_TEXTS: Readonly<Record<(typeof MSG_TYPES)[number], string>> = {
  ALL: '全体用户',
  USER: '指定用户',
  DEPART: '指定部门',
};

async function convertMarkdownContent(db: Db): Promise<void> {
  const rows = await db
    .selectFrom('sysAnnouncement')
    .select(['id', 'msgContent'])
    .where('msgContentMd', 'is', null)
    .execute();
  for (const row of rows) {
    const md = row.msgContent ?? '';
    await db
      .updateTable('sysAnnouncement')
      .set({ msgContent: markdownToAnnouncementHtml(md), msgContentMd: md })
      .where('id', '=', row.id)
      .execute();
  }
}

/** Every msg_type value in use (DEPART included) is an item of the msg_type dictionary. */
function ensureMsgTypeItems(db: Db): Promise<void> {
  return ensureDict(db, {
    code: 'msg_type',
    name: '通告对象类型',
    items: MSG_TYPES.map((value) => [value, MSG_TYPE_TEXTS[value]] as const),
  });
}

export async function seedAnnouncementHtml(db: Db): Promise<void> {
  await convertMarkdownContent(db);
  await ensureMsgTypeItems(db);
}
