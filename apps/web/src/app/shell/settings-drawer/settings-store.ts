/**
 * The display settings of the signed-in user (spec 000 §2.6, §3). Kept per user on the server; mirrored to
 * local storage per user so the first paint after a reload already uses the last settings.
 *
 * - `startSettingsSync()` (called by `useThemeConfig`, which providers.tsx mounts once) follows the session:
 *   on sign-in (or a restored session) it paints the user's mirror, then loads GET /sys/user/getUserSettings.
 * - `update(patch)` applies the drawer's rules at once (normaliseSettings), mirrors, and saves the whole set
 *   with PUT /sys/user/saveUserSettings after SETTINGS_SAVE_DEBOUNCE_MS of quiet; the server's normalised
 *   answer is applied unless the user changed something again meanwhile.
 * - Any failure keeps what is on screen; without a session nothing is sent.
 */
import { createStore, useStore } from 'zustand';
import { SETTINGS_SAVE_DEBOUNCE_MS } from '@houtai/shared/constants';
import {
  DEFAULT_SETTINGS,
  parseStoredSettings,
  normaliseSettings,
  type DisplaySettings,
  type DisplaySettingsPatch,
} from '@houtai/shared/settings';
import { getFeedback } from '../../../lib/feedback.ts';
import { BusinessError, unwrap } from '../../../lib/http.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { localStore } from '../../../lib/storage.ts';
import { getUserSettings, saveUserSettings } from './api/user-settings.ts';

export interface SettingsState {
  settings: DisplaySettings;
  /** The server's set has been applied for the current user. */
  loaded: boolean;
  update: (patch: DisplaySettingsPatch) => void;
}

export const SETTINGS_MIRROR_PREFIX = 'display-settings:';

function mirrorKey(userId: string): string {
  return SETTINGS_MIRROR_PREFIX + userId;
}

function currentUserId(): string | null {
  return useSessionStore.getState().userInfo?.id ?? null;
}

/** Whatever is stored is re-validated key by key: a stale or tampered mirror never breaks the shell. */
function readMirror(userId: string | null): DisplaySettings {
  if (!userId) return { ...DEFAULT_SETTINGS };
  const stored = localStore.get<unknown>(mirrorKey(userId));
  return stored ? parseStoredSettings(JSON.stringify(stored)) : { ...DEFAULT_SETTINGS };
}

function writeMirror(settings: DisplaySettings): void {
  const userId = currentUserId();
  if (userId) localStore.set(mirrorKey(userId), settings);
}

/** A server answer is applied through the same per-key check as the mirror. */
function fromServer(result: unknown): DisplaySettings {
  return parseStoredSettings(JSON.stringify(result ?? null));
}

let saveTimer: ReturnType<typeof setTimeout> | null = null;
/** Bumped by every local change; an answer to an older request does not overwrite a newer choice. */
let revision = 0;

export const settingsStore = createStore<SettingsState>()((set, get) => ({
  settings: readMirror(currentUserId()),
  loaded: false,
  update: (patch) => {
    const settings = normaliseSettings({ ...get().settings, ...patch });
    revision += 1;
    set({ settings });
    writeMirror(settings);
    scheduleSave();
  },
}));

export function useSettings<T>(selector: (state: SettingsState) => T): T {
  return useStore(settingsStore, selector);
}

function scheduleSave(): void {
  if (saveTimer) clearTimeout(saveTimer);
  if (!useSessionStore.getState().token) return;
  saveTimer = setTimeout(() => {
    saveTimer = null;
    void saveNow();
  }, SETTINGS_SAVE_DEBOUNCE_MS);
}

async function saveNow(keepalive = false): Promise<void> {
  const sent = revision;
  try {
    const saved = unwrap(await saveUserSettings(settingsStore.getState().settings, keepalive));
    if (sent !== revision) return;
    const settings = fromServer(saved);
    settingsStore.setState({ settings });
    writeMirror(settings);
  } catch (e) {
    // A refusal says why. Either way the settings are kept locally (and in the mirror); the next change sends the
    // whole set again.
    if (e instanceof BusinessError && e.message) getFeedback().message.warning(e.message);
  }
}

/** Loads the signed-in user's settings from the server; without a session it does nothing. */
export async function loadSettings(): Promise<void> {
  if (!useSessionStore.getState().token) return;
  const asked = revision;
  try {
    const stored = unwrap(await getUserSettings());
    if (asked !== revision) return;
    const settings = fromServer(stored);
    settingsStore.setState({ settings, loaded: true });
    writeMirror(settings);
  } catch {
    // The mirror (or the defaults) stays on screen.
  }
}

/** Sends a pending save at once; `keepalive` when the page is going away (reload, tab closed). */
export function flushSettings(keepalive = false): Promise<void> {
  if (!saveTimer) return Promise.resolve();
  clearTimeout(saveTimer);
  saveTimer = null;
  return saveNow(keepalive);
}

/** A change made just before a reload or a closed tab still reaches the server. */
function flushOnPageHide(): void {
  void flushSettings(true);
}

let syncedToken: string | null = null;

function follow(token: string | null): void {
  if (token === syncedToken) return;
  syncedToken = token;
  if (saveTimer) clearTimeout(saveTimer);
  saveTimer = null;
  revision += 1;
  settingsStore.setState({ settings: readMirror(currentUserId()), loaded: false });
  if (token) void loadSettings();
}

/**
 * Follows the session: paints the user's mirror and loads the server's set on sign-in, returns to the
 * defaults on sign-out. Returns the unsubscribe function (an effect's cleanup).
 */
export function startSettingsSync(): () => void {
  follow(useSessionStore.getState().token);
  const unsubscribe = useSessionStore.subscribe((state) => follow(state.token));
  window.addEventListener('pagehide', flushOnPageHide);
  return () => {
    unsubscribe();
    window.removeEventListener('pagehide', flushOnPageHide);
  };
}

/** For tests: forget timers and the followed session, back to the defaults. */
export function resetSettingsStore(): void {
  if (saveTimer) clearTimeout(saveTimer);
  saveTimer = null;
  syncedToken = null;
  revision = 0;
  settingsStore.setState({ settings: { ...DEFAULT_SETTINGS }, loaded: false });
}
