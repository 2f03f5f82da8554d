/**
 * Reading a message and what follows (spec §4): the mark-read call, then the bell drops the message at once and
 * reloads; a refusal shows the server's message as a warning. Used by useMarkRead, and loaded on first use by
 * the bell (it is not needed for the first screen).
 */
import type { QueryClient } from '@tanstack/react-query';
import { failureText } from '../../lib/failure-text.ts';
import type { Feedback } from '../../lib/feedback.ts';
import { markMessageRead } from './api/mark-read.ts';
import { withoutRead, type ListByUserResult } from './api/list-by-user.ts';
import { MESSAGE_KEYS } from './api/message-keys.ts';

export async function readMessage(
  queryClient: QueryClient,
  message: Feedback['message'],
  anntId: string,
): Promise<boolean> {
  try {
    await markMessageRead(anntId);
  } catch (e) {
    // HTTP failures were reported by the client; a refusal shows the server's message.
    const text = failureText(e);
    if (text) void message.warning(text);
    return false;
  }
  queryClient.setQueryData<ListByUserResult>(MESSAGE_KEYS.bell, (old) => old && withoutRead(old, anntId));
  void queryClient.invalidateQueries({ queryKey: MESSAGE_KEYS.bell });
  return true;
}
