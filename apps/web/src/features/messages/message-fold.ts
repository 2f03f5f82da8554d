/**
 * The fold/read state of a message list (spec §2.7, §4): messages start folded; the first unfolding of an unread
 * ('0') message asks for the mark-read call, and only one call runs per message at a time. Pure functions.
 */

export interface FoldState {
  /** Unfolded messages (by row id). */
  open: ReadonlySet<string>;
  /** Marked read in this list since it loaded (the server's readFlag is older). */
  read: ReadonlySet<string>;
  /** Mark-read calls under way. */
  marking: ReadonlySet<string>;
}

export interface FoldItem {
  id: string;
  readFlag: string | null | undefined;
}

export const INITIAL_FOLD: FoldState = { open: new Set(), read: new Set(), marking: new Set() };

function withItem(set: ReadonlySet<string>, id: string, present: boolean): ReadonlySet<string> {
  if (set.has(id) === present) return set;
  const next = new Set(set);
  if (present) next.add(id);
  else next.delete(id);
  return next;
}

export function isUnread(state: FoldState, item: FoldItem): boolean {
  return item.readFlag === '0' && !state.read.has(item.id);
}

export function isOpen(state: FoldState, id: string): boolean {
  return state.open.has(id);
}

export interface Toggled {
  state: FoldState;
  /** Call the mark-read endpoint now. */
  markRead: boolean;
}

/** Folds or unfolds one message; unfolding an unread one starts its mark-read call unless one is under way. */
export function toggle(state: FoldState, item: FoldItem): Toggled {
  const opening = !state.open.has(item.id);
  const open = withItem(state.open, item.id, opening);
  const markRead = opening && isUnread(state, item) && !state.marking.has(item.id);
  const marking = markRead ? withItem(state.marking, item.id, true) : state.marking;
  return { state: { ...state, open, marking }, markRead };
}

/** The mark-read call succeeded: the message reads as read from now on. */
export function markSucceeded(state: FoldState, id: string): FoldState {
  return { ...state, read: withItem(state.read, id, true), marking: withItem(state.marking, id, false) };
}

/** The call failed: the message stays unread, and unfolding it again tries again. */
export function markFailed(state: FoldState, id: string): FoldState {
  return { ...state, marking: withItem(state.marking, id, false) };
}
