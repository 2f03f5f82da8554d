/**
 * The shift grid page's controller: the loaded shifts, the grid's api, and 保存 — validate() → refuse while a cell
 * fails → POST the changes → 保存成功 → remount the grid with the saved rows → highlight them → broadcast them to
 * the page's other viewers (the grid socket of the new grid opens after the remount, so the broadcast is retried
 * until it is open).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { SHIFT_PAGE_ID, SHIFT_PERMISSIONS, SHIFT_TEXT, type ShiftRecord } from '@houtai/shared/contract/shift';
import type { GridRow } from '@houtai/shared/grid/types';
import { useFeedback } from '../../../lib/feedback.ts';
import { useExcludedCodes, useHasPermission } from '../../../lib/permissions/index.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import type { EditableGridApi, EditableGridProps } from '../../../widgets/editable-grid/editable-grid.tsx';
import { SHIFT_QUERY_KEY, useShifts } from '../api/list-shifts.ts';
import { saveShifts } from '../api/save-shifts.ts';
import { shiftSaveBody } from './shift-save-body.ts';

/** How often and how long a broadcast waits for the new grid's socket. */
export const BROADCAST_RETRY_MS = 250;
export const BROADCAST_ATTEMPTS = 40;

interface Shown {
  rows: GridRow[];
  /** Changes on every reload: the grid's React key (rows are handed to a grid once). */
  epoch: number;
  /** Rows to highlight and broadcast once the grid with these rows is mounted. */
  saved: readonly string[];
}

const toRows = (records: readonly ShiftRecord[]): GridRow[] => records.map((r) => ({ ...r }));

export function useShiftGrid() {
  const query = useShifts();
  const client = useQueryClient();
  const { message } = useFeedback();
  const apiRef = useRef<EditableGridApi>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const [saving, setSaving] = useState(false);
  const canEdit = useHasPermission(SHIFT_PERMISSIONS.edit);
  const excludedCodes = useExcludedCodes(SHIFT_PERMISSIONS.authPre);
  const userId = useSessionStore((s) => s.userInfo?.id ?? '');
  const token = useSessionStore((s) => s.token ?? '');

  // The first load hands the rows to the grid; later refetches (window focus) must not drop the user's edits, so
  // from then on only a save hands the grid new rows.
  // (Set while rendering, React's pattern for state derived from the previous render.)
  const data = query.data;
  if (data && shown === null) setShown({ rows: toRows(data), epoch: 1, saved: [] });

  // After a save's remount: highlight, then broadcast once the new grid's socket is open.
  useEffect(() => {
    const ids = shown?.saved ?? [];
    if (ids.length === 0) return undefined;
    apiRef.current?.highlight(ids);
    let attempts = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tryBroadcast = () => {
      attempts += 1;
      if (apiRef.current?.broadcast(ids) || attempts >= BROADCAST_ATTEMPTS) return;
      timer = setTimeout(tryBroadcast, BROADCAST_RETRY_MS);
    };
    tryBroadcast();
    return () => clearTimeout(timer);
  }, [shown]);

  const save = useCallback(async () => {
    const api = apiRef.current;
    if (!api || saving) return;
    const result = await api.validate();
    const first = result.first;
    if (first) {
      void message.error(SHIFT_TEXT.rowFailure(first.row + 1, first.message));
      return;
    }
    const body = shiftSaveBody(api.getChanges(), api.store.getRows());
    if (!body) {
      void message.info(SHIFT_TEXT.nothingToSave);
      return;
    }
    setSaving(true);
    try {
      const saved = await saveShifts(body);
      void message.success(SHIFT_TEXT.saved);
      client.setQueryData(SHIFT_QUERY_KEY, saved.records);
      setShown((prev) => ({ rows: toRows(saved.records), epoch: (prev?.epoch ?? 0) + 1, saved: saved.savedIds }));
    } catch (err) {
      void message.error(err instanceof Error && err.message ? err.message : '保存失败');
    } finally {
      setSaving(false);
    }
  }, [saving, message, client]);

  const gridProps: Omit<EditableGridProps, 'columns'> | null = shown
    ? {
        gridId: SHIFT_PAGE_ID,
        label: SHIFT_TEXT.gridLabel,
        rows: shown.rows,
        apiRef,
        dragSort: canEdit,
        toolbar: canEdit,
        rowSelection: canEdit,
        disabled: !canEdit,
        excludedCodes,
        ...(userId && token ? { realtime: { userId, token, pageId: SHIFT_PAGE_ID } } : {}),
      }
    : null;

  return {
    loading: query.isPending,
    error: query.isError && !shown ? query.error : null,
    retry: () => void query.refetch(),
    gridProps,
    gridKey: shown?.epoch ?? 0,
    empty: shown !== null && shown.rows.length === 0,
    canEdit,
    saving,
    save,
  };
}
