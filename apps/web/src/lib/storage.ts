/** Browser storage whose entries expire: each value is kept with its expiry instant. */

interface Entry {
  value: unknown;
  /** Epoch ms; null means it never expires. */
  expire: number | null;
}

export interface TtlStorage {
  get<T>(key: string): T | null;
  set(key: string, value: unknown, ttlMs?: number | null): void;
  remove(key: string): void;
}

const PREFIX = 'houtai:';

export function createTtlStorage(backend: Storage, now: () => number = Date.now): TtlStorage {
  return {
    get<T>(key: string): T | null {
      const raw = backend.getItem(PREFIX + key);
      if (raw === null) return null;
      let entry: Entry;
      try {
        entry = JSON.parse(raw) as Entry;
      } catch {
        backend.removeItem(PREFIX + key);
        return null;
      }
      if (typeof entry !== 'object' || entry === null || !('value' in entry)) {
        backend.removeItem(PREFIX + key);
        return null;
      }
      if (entry.expire !== null && entry.expire <= now()) {
        backend.removeItem(PREFIX + key);
        return null;
      }
      return entry.value as T;
    },
    set(key: string, value: unknown, ttlMs: number | null = null): void {
      const entry: Entry = { value, expire: ttlMs === null ? null : now() + ttlMs };
      backend.setItem(PREFIX + key, JSON.stringify(entry));
    },
    remove(key: string): void {
      backend.removeItem(PREFIX + key);
    },
  };
}

/** A Storage that keeps nothing, for environments without web storage. */
function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, v),
  };
}

function safe(pick: () => Storage): Storage {
  try {
    return pick();
  } catch {
    return memoryStorage();
  }
}

export const localStore: TtlStorage = createTtlStorage(safe(() => window.localStorage));
export const sessionStore: TtlStorage = createTtlStorage(safe(() => window.sessionStorage));

/** Storage keys in one place. */
export const STORAGE_KEYS = {
  token: 'access-token',
  userInfo: 'user-info',
  dictItems: 'sys-all-dict-items',
  tenantId: 'tenant-id',
  /** Button-level auth lists live in session storage (spec §6). */
  auth: 'auth',
  allAuth: 'all-auth',
} as const;

/** The tenant the requests name (tenant-id header): the stored one, '0' when none. */
export function storedTenantId(): string {
  const id = localStore.get<string | number>(STORAGE_KEYS.tenantId);
  return id === null || id === '' ? '0' : String(id);
}
