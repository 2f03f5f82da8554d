/** PUT /sys/annountCement/edit: a draft saved again, with the version the user saw (a stale one answers 409). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, unwrap } from '../../../../lib/http.ts';
import { withMarkdownSource, type AnnouncementInput } from './add-announcement.ts';
import { ANNOUNCEMENT_KEYS } from './announcement-keys.ts';

export type AnnouncementEdit = AnnouncementInput & { id: string; version?: number };

export async function editAnnouncement(input: AnnouncementEdit): Promise<string> {
  const res = await http.put<unknown>('/sys/annountCement/edit', withMarkdownSource(input));
  unwrap(res, '编辑失败');
  return res.message;
}

export function useEditAnnouncement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: editAnnouncement,
    onSuccess: () => void client.invalidateQueries({ queryKey: ANNOUNCEMENT_KEYS.all }),
  });
}
