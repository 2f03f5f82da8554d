/**
 * Seed step '0004-announcement-html' (issue 11): announcements written before content became HTML hold Markdown
 * in msg_content, which the JeecgBoot UIs show raw. Each such row (no msg_content_md yet) keeps its Markdown in
 * msg_content_md and gets the sanitised HTML in msg_content. Also puts every msg_type value the server accepts
 * into the msg_type dictionary (an installation whose dictionary lacks one shows the raw value).
 */
import { MSG_TYPES } from '@houtai/shared/contract/announcement';
import type { Db } from '../connection.ts';
import { newId } from '../../lib/ids.ts';
import { nowIso } from '../../lib/time.ts';
import { markdownToAnnouncementHtml } from '../../modules/announcement/announcement-html.ts';

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

async function ensureMsgTypeItems(db: Db): Promise<void> {
  let dict = await db.selectFrom('sysDict').select('id').where('dictCode', '=', 'msg_type').executeTakeFirst();
  if (!dict) {
    dict = { id: newId() };
    await db
      .insertInto('sysDict')
      .values({
        id: dict.id,
        dictName: '通告对象类型',
        dictCode: 'msg_type',
        description: null,
        type: 0,
        createBy: 'system',
        createTime: nowIso(),
        updateBy: null,
        updateTime: null,
      })
      .execute();
  }
  const dictId = dict.id;
  const have = new Set(
    (await db.selectFrom('sysDictItem').select('itemValue').where('dictId', '=', dictId).execute()).map(
      (r) => r.itemValue,
    ),
  );
  const missing = MSG_TYPES.map((value, index) => ({ value, index })).filter((i) => !have.has(i.value));
  if (missing.length === 0) return;
  await db
    .insertInto('sysDictItem')
    .values(
      missing.map((i) => ({
        id: newId(),
        dictId,
        itemText: MSG_TYPE_TEXTS[i.value],
        itemValue: i.value,
        itemColor: null,
        description: null,
        sortOrder: i.index + 1,
        status: 1,
        createBy: 'system',
        createTime: nowIso(),
        updateBy: null,
        updateTime: null,
      })),
    )
    .execute();
}

export async function seedAnnouncementHtml(db: Db): Promise<void> {
  await convertMarkdownContent(db);
  await ensureMsgTypeItems(db);
}
