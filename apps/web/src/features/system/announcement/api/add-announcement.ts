/** POST /sys/annountCement/add: a new draft. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnnouncementAddBody } from '@houtai/shared/contract/announcement';
import { http, unwrap } from '../../../../lib/http.ts';
import { ANNOUNCEMENT_KEYS } from './announcement-keys.ts';

export type AnnouncementInput = AnnouncementAddBody;

/**
 * Our editor writes Markdown in msgContent: it goes as msgContentMd, from which the server makes the stored
 * (sanitised) HTML and keeps the source for re-editing.
 */
export function withMarkdownSource<T extends { msgContent: string }>(input: T): T & { msgContentMd: string } {
  return { ...input, msgContentMd: input.msgContent };
}

/** Answers the server's message (the new id is in `result`). */
export async function addAnnouncement(input: AnnouncementInput): Promise<string> {
  const res = await http.post<string>('/sys/annountCement/add', withMarkdownSource(input));
  unwrap(res, '添加失败');
  return res.message;
}

export function useAddAnnouncement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addAnnouncement,
    onSuccess: () => void client.invalidateQueries({ queryKey: ANNOUNCEMENT_KEYS.all }),
  });
}
