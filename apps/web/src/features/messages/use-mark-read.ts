/** Marks a message read (mark-read-flow.ts) with the app's query cache and feedback. */
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useFeedback } from '../../lib/feedback.ts';
import { readMessage } from './mark-read-flow.ts';

export function useMarkRead(): (anntId: string) => Promise<boolean> {
  const queryClient = useQueryClient();
  const { message } = useFeedback();
  return useCallback((anntId: string) => readMessage(queryClient, message, anntId), [queryClient, message]);
}
