/**
 * The state of a generic list page (spec widgets §7, §5.5, §8): the server table of useServerTable loaded through
 * the page's `api` (lib/list-api.ts), paged 10 with 10/20/30, and its deletes — one row, or the ticked rows after
 * '确认删除' / '是否删除选中数据?' ('请选择一条记录！' with none). Each delete shows the server's message and reloads.
 */
import { useCallback, useState } from 'react';
import { LIST_PAGE_SIZES_GENERIC, LIST_PAGE_TEXT } from '@houtai/shared/contract/list-page';
import { failureText } from '../../lib/failure-text.ts';
import { useFeedback } from '../../lib/feedback.ts';
import type { ListApi } from '../../lib/list-api.ts';
import {
  useServerTable,
  type ServerTable,
  type TableLoader,
  type UseServerTableOptions,
} from '../../lib/server-table/use-server-table.ts';

export interface UseListPageOptions<Row, F extends object> extends Omit<UseServerTableOptions<Row, F>, 'load'> {
  api: ListApi<Row, F>;
  /** After a delete went through, besides reloading the list (e.g. other caches that show the rows). */
  onRemoved?: () => void;
}

export interface ListPageState<Row, F extends object> {
  api: ListApi<Row, F>;
  table: ServerTable<Row, F>;
  /** The page has no list url: nothing is loaded and the page says '请设置url.list属性!'. */
  noListUrl: boolean;
  /** Deletes one row (after the caller's own confirm); true when it went through. */
  removeOne: (id: string) => Promise<boolean>;
  /** Asks, then deletes the ticked rows. */
  removeSelected: () => void;
  /** A delete is on its way. */
  removing: boolean;
}

/** Never called (the query is held back without a list url); there for the hook's type. */
function noList<Row, F extends object>(): TableLoader<Row, F> {
  return () => Promise.reject(new Error(LIST_PAGE_TEXT.noListUrl));
}

export function useListPage<Row, F extends object = Record<string, never>>(
  options: UseListPageOptions<Row, F>,
): ListPageState<Row, F> {
  const { api, onRemoved, ...tableOptions } = options;
  const noListUrl = !api.load;
  const table = useServerTable<Row, F>({
    pageSizeOptions: LIST_PAGE_SIZES_GENERIC,
    selection: api.deleteBatch ? 'page' : undefined,
    ...tableOptions,
    load: api.load ?? noList<Row, F>(),
    enabled: !noListUrl && tableOptions.enabled !== false,
  });
  const { message, modal } = useFeedback();
  const [removing, setRemoving] = useState(false);
  const { selection, refetch } = table;

  const run = useCallback(
    async (work: () => Promise<string>, fallback: string, clear: (keys: string[]) => string[]) => {
      setRemoving(true);
      try {
        const text = await work();
        void message.success(text || fallback);
        selection.set(clear(selection.keys));
        onRemoved?.();
        await refetch();
        return true;
      } catch (e) {
        const text = failureText(e);
        if (text) void message.warning(text);
        return false;
      } finally {
        setRemoving(false);
      }
    },
    [message, onRemoved, refetch, selection],
  );

  const removeOne = useCallback(
    (id: string) => {
      const { deleteOne } = api;
      if (!deleteOne) return Promise.resolve(false);
      return run(
        () => deleteOne(id),
        LIST_PAGE_TEXT.deleted,
        (keys) => keys.filter((k) => k !== id),
      );
    },
    [api, run],
  );

  const removeSelected = useCallback(() => {
    const { deleteBatch } = api;
    if (!deleteBatch) return;
    const ids = [...selection.keys];
    if (ids.length === 0) {
      void message.warning(LIST_PAGE_TEXT.selectOne);
      return;
    }
    modal.confirm({
      title: LIST_PAGE_TEXT.confirmDeleteTitle,
      content: LIST_PAGE_TEXT.confirmDeleteContent,
      okText: '确定',
      cancelText: '取消',
      onOk: () =>
        run(
          () => deleteBatch(ids),
          LIST_PAGE_TEXT.batchDeleted,
          () => [],
        ),
    });
  }, [api, message, modal, run, selection.keys]);

  return { api, table, noListUrl, removeOne, removeSelected, removing };
}
