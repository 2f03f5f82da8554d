/**
 * Reading a message (spec §4, §7): PUT /sys/sysAnnouncementSend/editByAnntIdAndUserId {anntId} marks the
 * user's copy read; on success GET /sys/annountCement/syncNotic?anntId follows. PUT readAll marks all read.
 */
import type { ApiResult } from '@houtai/shared/contract/common';
import { http } from '../../../lib/http.ts';

export interface ReadOutcome {
  ok: boolean;
  /** The server's message when it refused (shown as a warning). */
  message: string;
}

/** Marks one message read. HTTP failures were reported by the client and come back as not ok. */
export async function markMessageRead(anntId: string): Promise<ReadOutcome> {
  let res: ApiResult<unknown>;
  try {
    res = await http.put<unknown>('/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId });
  } catch {
    return { ok: false, message: '' };
  }
  if (!res.success) return { ok: false, message: res.message };
  // The sync answer is not shown anywhere (spec §7: "not shown"); the read mark already holds.
  await http.get<unknown>('/sys/annountCement/syncNotic', { anntId }, { silent: true }).catch(() => undefined);
  return { ok: true, message: res.message };
}

export async function readAllMessages(): Promise<ReadOutcome> {
  try {
    const res = await http.put<unknown>('/sys/sysAnnouncementSend/readAll');
    return { ok: res.success, message: res.message };
  } catch {
    return { ok: false, message: '' };
  }
}
