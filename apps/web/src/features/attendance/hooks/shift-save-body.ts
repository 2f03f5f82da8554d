/** Turns the grid's changes (getChanges()) and its rows into the save body of POST …/saveBatch. Pure. */
import type { ShiftSaveInput } from '@houtai/shared/contract/shift';
import type { GridRow } from '@houtai/shared/grid/types';

export interface GridChangesLike {
  inserted: readonly GridRow[];
  updated: readonly string[];
  removed: readonly string[];
}

const FIELDS = ['name', 'amStart', 'amEnd', 'pmStart', 'pmEnd', 'sortOrder'] as const;

function fields(row: GridRow): Record<(typeof FIELDS)[number], unknown> {
  return Object.fromEntries(FIELDS.map((k) => [k, row[k] ?? null])) as Record<(typeof FIELDS)[number], unknown>;
}

/**
 * The body, or null when nothing changed. New rows go without their temporary ids' meaning (the server makes ids);
 * updated rows carry the version they were loaded at, so a change by someone else meanwhile is refused.
 */
export function shiftSaveBody(changes: GridChangesLike, rows: readonly GridRow[]): ShiftSaveInput | null {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const updated = changes.updated.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ id, ...fields(row), version: row.version }] : [];
  });
  const body = {
    inserted: changes.inserted.map((row) => ({ id: row.id, ...fields(row) })),
    updated,
    removedIds: [...changes.removed],
  };
  if (body.inserted.length + body.updated.length + body.removedIds.length === 0) return null;
  // Cells are sent as the grid holds them; the server's schema says what it accepts.
  return body;
}
