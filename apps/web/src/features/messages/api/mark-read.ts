/**
 * Reading a message (spec §4, §7): PUT /sys/sysAnnouncementSend/editByAnntIdAndUserId {anntId} marks the
 * user's copy read; on success GET /sys/annountCement/syncNotic?anntId follows.
 */
import { http, unwrap } from '../../../lib/http.ts';

/** Marks one message read. A refusal throws BusinessError with the server's message; an HTTP failure HttpError. */
export async function markMessageRead(anntId: string): Promise<void> {
  unwrap(await http.put<unknown>('/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId }));
  // The sync answer is not shown anywhere (spec §7: "not shown"); the read mark already holds.
  await http.get<unknown>('/sys/annountCement/syncNotic', { anntId }, { silent: true }).catch(() => undefined);
}
