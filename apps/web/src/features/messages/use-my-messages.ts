/**
 * The user's messages a page at a time, for 我的消息 and the /isps/userAnnouncement page (spec §2.7, §9): 7 per
 * page by default (10–100 to choose, '共 N 条'), newest first, filtered by title (and read state on the page). A
 * new filter or page size goes back to page 1. A refused answer shows the server's message as a warning (spec §8).
 */
import { useEffect } from 'react';
import type { PaginationProps } from 'antd';
import type { MyAnnouncementRecord } from '@houtai/shared/contract/announcement';
import { LIST_TEXT } from '@houtai/shared/constants';
import { MY_MESSAGES_PAGE_SIZE, MY_MESSAGES_PAGE_SIZES } from '@houtai/shared/messaging';
import { failureText } from '../../lib/failure-text.ts';
import { useFeedback } from '../../lib/feedback.ts';
import { useServerTable } from '../../lib/server-table/use-server-table.ts';
import { getMyAnnouncements } from './api/my-announcements.ts';
import { MESSAGE_KEYS } from './api/message-keys.ts';

export interface MessageFilters {
  titile: string;
  readFlag?: '0' | '1';
}

export const NO_FILTERS: MessageFilters = { titile: '' };

const totalText: PaginationProps['showTotal'] = (total) => LIST_TEXT.total(total);

export function useMyMessages(enabled = true) {
  const { message } = useFeedback();
  const table = useServerTable<MyAnnouncementRecord, MessageFilters>({
    queryKey: MESSAGE_KEYS.mine,
    load: getMyAnnouncements,
    initialFilters: NO_FILTERS,
    pageSize: MY_MESSAGES_PAGE_SIZE,
    pageSizeOptions: MY_MESSAGES_PAGE_SIZES,
    showTotal: totalText,
    enabled,
  });

  const { error, errorUpdatedAt } = table.query;
  useEffect(() => {
    // HTTP failures were already reported by the http client.
    const text = error ? failureText(error) : null;
    if (text) void message.warning(text);
  }, [error, errorUpdatedAt, message]);

  return {
    filters: table.searchProps.values,
    search: table.searchProps.onSearch,
    records: table.records,
    total: table.total,
    /** The first load, or a new page on its way (the old one stays under the spinner). */
    loading: table.tableProps.loading,
    error: table.error,
    retry: () => void table.refetch(),
    pagination: table.tableProps.pagination,
  };
}
