/** PUT /sys/sysAnnouncementSend/readAll (全部已读): every message of the user read. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, unwrap } from '../../../lib/http.ts';
import { MESSAGE_KEYS } from './message-keys.ts';

/** Answers the server's message; a refusal throws it. */
export async function readAllMessages(): Promise<string> {
  const res = await http.put<unknown>('/sys/sysAnnouncementSend/readAll');
  unwrap(res);
  return res.message;
}

/** The bell and every open list of the user's messages reload. */
export function useReadAllMessages() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: readAllMessages,
    onSuccess: () => void client.invalidateQueries({ queryKey: MESSAGE_KEYS.all }),
  });
}
