/** Rows → the contract's SysAnnouncement and message shapes (times 'yyyy-MM-dd HH:mm:ss' in Asia/Shanghai). */
import type {
  AnnouncementListRecord,
  AnnouncementRecord,
  MsgCategory,
  MsgType,
  MyAnnouncementRecord,
  OpenType,
  Priority,
  SendStatus,
} from '@houtai/shared/contract/announcement';
import { toWireTime } from '../../lib/time.ts';
import type { AnnouncementRow, MessageRow } from './announcement.repository.ts';

/** Value → text of the dictionaries the lists translate. */
export interface DictTexts {
  priority: ReadonlyMap<string, string>;
  msgCategory: ReadonlyMap<string, string>;
  msgType: ReadonlyMap<string, string>;
  sendStatus: ReadonlyMap<string, string>;
}

const textOf = (dict: ReadonlyMap<string, string>, value: string): string => dict.get(value) ?? value;

export interface SendState {
  sendId: string;
  readFlag: string;
  starFlag: string;
}

export function toAnnouncementRecord(row: AnnouncementRow, send: SendState | null = null): AnnouncementRecord {
  return {
    id: row.id,
    titile: row.titile,
    msgContent: row.msgContent ?? '',
    msgContentMd: row.msgContentMd,
    startTime: toWireTime(row.startTime),
    endTime: toWireTime(row.endTime),
    sender: row.sender,
    priority: row.priority as Priority,
    msgCategory: row.msgCategory as MsgCategory,
    msgType: row.msgType as MsgType,
    sendStatus: row.sendStatus as SendStatus,
    sendTime: toWireTime(row.sendTime),
    cancelTime: toWireTime(row.cancelTime),
    delFlag: row.delFlag,
    busType: row.busType,
    busId: row.busId,
    openType: (row.openType as OpenType | null) ?? null,
    openPage: row.openPage,
    userIds: row.userIds,
    departIds: row.departIds,
    msgAbstract: row.msgAbstract,
    dtTaskId: null,
    createBy: row.createBy,
    createTime: toWireTime(row.createTime),
    updateBy: row.updateBy,
    updateTime: toWireTime(row.updateTime),
    version: row.version,
    readFlag: send?.readFlag ?? null,
    starFlag: send?.starFlag ?? null,
    sendId: send?.sendId ?? null,
  };
}

export function toAnnouncementListRecord(row: AnnouncementRow, dicts: DictTexts): AnnouncementListRecord {
  return {
    ...toAnnouncementRecord(row),
    priority_dictText: textOf(dicts.priority, row.priority),
    msgCategory_dictText: textOf(dicts.msgCategory, row.msgCategory),
    msgType_dictText: textOf(dicts.msgType, row.msgType),
    sendStatus_dictText: textOf(dicts.sendStatus, row.sendStatus),
  };
}

export function toMyAnnouncementRecord(row: MessageRow, dicts: DictTexts): MyAnnouncementRecord {
  return {
    id: row.sendId,
    anntId: row.anntId,
    userId: row.userId,
    titile: row.titile,
    msgContent: row.msgContent ?? '',
    sender: row.sender,
    priority: row.priority as Priority,
    priority_dictText: textOf(dicts.priority, row.priority),
    readFlag: row.readFlag,
    readTime: toWireTime(row.readTime),
    starFlag: row.starFlag,
    sendTime: toWireTime(row.sendTime),
    msgCategory: row.msgCategory as MsgCategory,
    msgCategory_dictText: textOf(dicts.msgCategory, row.msgCategory),
    busId: row.busId,
    busType: row.busType,
    openType: (row.openType as OpenType | null) ?? null,
    openPage: row.openPage,
    msgAbstract: row.msgAbstract,
    createTime: toWireTime(row.createTime),
    bizSource: null,
    pageNo: null,
    pageSize: null,
  };
}
