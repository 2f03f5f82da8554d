/**
 * The toolbar's add/insert settings and its insert throttle (spec widgets-accounting §2.2, §5.2, §9): the settings
 * popover's values as they are normalised and kept in the browser, and the 1500 ms guard on the insert button.
 * Used by the grid's toolbar; the store's addRows takes the normalised values.
 */
import { GRID_INSERT_THROTTLE_MS, GRID_TEXT } from '@houtai/shared/grid/constants';

/** The settings are saved in the browser under this prefix plus the grid's id (the spec leaves the name open). */
export const ADD_ROW_SETTINGS_KEY_PREFIX = 'houtai:grid:add-row:';

export function addRowSettingsKey(gridId: string): string {
  return ADD_ROW_SETTINGS_KEY_PREFIX + gridId;
}

/** Insert throttle (§9). */
export const INSERT_THROTTLE_MS = GRID_INSERT_THROTTLE_MS;

/** Shown when an insert comes within INSERT_THROTTLE_MS of the last accepted one (§5.2). */
export const INSERT_TOO_FAST_TEXT = GRID_TEXT.insertTooFast;

export interface AddRowSettings {
  /** Rows to add: at least 1, default 1. */
  rows: number;
  /** Insert position: 0 = at the bottom (default), else before that 1-based row; at most the row count. */
  position: number;
}

function toInteger(value: unknown): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? Math.trunc(n) : undefined;
}

/**
 * Normalises settings read from the popover or from browser storage (anything may be there): rows below 1 become 1,
 * a missing or unreadable value takes its default; the position is clamped to 0..rowCount. Fractions are truncated.
 */
export function normaliseAddRowSettings(
  settings: { rows?: unknown; position?: unknown } | null | undefined,
  rowCount: number,
): AddRowSettings {
  const rows = toInteger(settings?.rows);
  const position = toInteger(settings?.position);
  const max = Math.max(0, Math.trunc(rowCount));
  return {
    rows: rows === undefined || rows < 1 ? 1 : rows,
    position: position === undefined || position < 0 ? 0 : Math.min(position, max),
  };
}

export interface InsertThrottle {
  /** True when an insert may go ahead (and it counts as the last accepted); false within the interval of it. */
  tryInsert(): boolean;
}

export function createThrottle(intervalMs: number = INSERT_THROTTLE_MS, now: () => number = Date.now): InsertThrottle {
  let last: number | undefined;
  return {
    tryInsert() {
      const t = now();
      if (last !== undefined && t - last < intervalMs) return false;
      last = t;
      return true;
    },
  };
}
