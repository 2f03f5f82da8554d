/**
 * What the messages feature adds to the signed-in layout (lib/feature-entry.ts): the header's bell, and the
 * reload of the user's messages (bell and lists) when a realtime message says they changed.
 */
import type { FeatureShellParts } from '../../lib/feature-entry.ts';
import { MESSAGE_KEYS } from './api/message-keys.ts';
import { NoticeBell } from './components/notice-bell.tsx';

export const messagesShellParts = {
  headerItems: { 'notice-bell': NoticeBell },
  realtime: {
    'refresh-messages': (_event, { queryClient }) => {
      void queryClient.invalidateQueries({ queryKey: MESSAGE_KEYS.all });
    },
  },
} satisfies FeatureShellParts;
