/**
 * The user's messages a page at a time, for 我的消息 and the /isps/userAnnouncement page (spec §2.7, §9): 7 per
 * page by default, newest first, filtered by title (and read state on the page). A new filter or page size goes
 * back to page 1. A refused answer shows the server's message as a warning (spec §8).
 */
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PaginationProps } from 'antd';
import { MY_MESSAGES_PAGE_SIZE, MY_MESSAGES_PAGE_SIZES } from '@houtai/shared/messaging';
import { useFeedback } from '../../lib/feedback.ts';
import { HttpError } from '../../lib/http.ts';
import { myAnnouncementsQuery, type MyAnnouncementParams } from './api/my-announcements.ts';

export interface MessageFilters {
  titile: string;
  readFlag?: '0' | '1';
}

export const NO_FILTERS: MessageFilters = { titile: '' };

export const PAGE_SIZE_OPTIONS = MY_MESSAGES_PAGE_SIZES.map(String);

interface Paging {
  pageNo: number;
  pageSize: number;
}

/** Query parameters for the filters and paging: blank filters are left out. */
export function messageParams(filters: MessageFilters, paging: Paging): MyAnnouncementParams {
  const titile = filters.titile.trim();
  return {
    pageNo: paging.pageNo,
    pageSize: paging.pageSize,
    ...(titile ? { titile } : {}),
    ...(filters.readFlag ? { readFlag: filters.readFlag } : {}),
  };
}

/** The paging after a pagination change: a new page size starts again on page 1. */
export function nextPaging(old: Paging, page: number, pageSize: number): Paging {
  return pageSize === old.pageSize ? { pageNo: page, pageSize } : { pageNo: 1, pageSize };
}

export function useMyMessages(enabled = true) {
  const { message } = useFeedback();
  const [filters, setFilters] = useState<MessageFilters>(NO_FILTERS);
  const [paging, setPaging] = useState<Paging>({ pageNo: 1, pageSize: MY_MESSAGES_PAGE_SIZE });
  const query = useQuery({ ...myAnnouncementsQuery(messageParams(filters, paging)), enabled });

  const { error, errorUpdatedAt } = query;
  useEffect(() => {
    // HTTP failures were already reported by the http client.
    if (error && !(error instanceof HttpError) && error.message) void message.warning(error.message);
  }, [error, errorUpdatedAt, message]);

  const search = (next: MessageFilters) => {
    setFilters(next);
    setPaging((p) => ({ ...p, pageNo: 1 }));
  };

  const pagination: PaginationProps = {
    current: paging.pageNo,
    pageSize: paging.pageSize,
    total: query.data?.total ?? 0,
    pageSizeOptions: PAGE_SIZE_OPTIONS,
    showSizeChanger: true,
    showQuickJumper: true,
    showTotal: (total) => `共 ${total} 条`,
    onChange: (page, pageSize) => setPaging((old) => nextPaging(old, page, pageSize)),
  };

  return {
    filters,
    search,
    records: query.data?.records ?? [],
    total: query.data?.total ?? 0,
    /** The first load, or a new page on its way (the old one stays under the spinner). */
    loading: query.isFetching,
    error: query.isError && !query.isFetching ? query.error : null,
    retry: () => void query.refetch(),
    pagination,
  };
}
