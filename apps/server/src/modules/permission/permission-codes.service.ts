/**
 * The permission codes a user holds, cached per user and invalidated exactly by the 'permission' epoch,
 * which every change to menus, roles or their links bumps (one indexed read per check).
 */
import type { Db } from '../../db/connection.ts';
import { bumpEpoch, findPermissionCodes, readEpoch } from './permission-codes.repository.ts';

export const PERMISSION_EPOCH = 'permission';

interface Entry {
  epoch: number;
  codes: Set<string>;
}

const MAX_ENTRIES = 10_000;

export class PermissionCodeCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly db: Db) {}

  currentEpoch(): Promise<number> {
    return readEpoch(this.db, PERMISSION_EPOCH);
  }

  async codesOf(userId: string, epoch?: number): Promise<Set<string>> {
    const e = epoch ?? (await this.currentEpoch());
    const hit = this.entries.get(userId);
    if (hit && hit.epoch === e) return hit.codes;
    const codes = new Set(
      (await findPermissionCodes(this.db, userId)).flatMap((c) => c.split(',').map((s) => s.trim())),
    );
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(userId, { epoch: e, codes });
    return codes;
  }

  async has(userId: string, code: string, epoch?: number): Promise<boolean> {
    return (await this.codesOf(userId, epoch)).has(code);
  }
}

/** Call after any change to permissions, roles, role links or user-role links. */
export function invalidatePermissions(db: Db): Promise<void> {
  return bumpEpoch(db, PERMISSION_EPOCH);
}
