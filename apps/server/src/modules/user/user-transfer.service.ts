/**
 * 用户导出 / 用户导入 (user.tasks.ts): the list's users as export records (names where sys_user stores codes, never
 * a secret), and an import that creates each row as a new account the way /sys/user/add does — never a change to an
 * existing one: a row whose username, phone, e-mail or work number is taken (or taken by an earlier row of the file)
 * is refused with the reason. Imported accounts must change their password at the first sign-in.
 */
import { randomBytes } from 'node:crypto';
import {
  ADMIN_USER_TEXT,
  USER_IDENTITY,
  USER_STATUS,
  USER_TRANSFER_TEXT,
  type UserImportRow,
} from '@houtai/shared/contract/admin-user';
import type { Db } from '../../db/connection.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { newId } from '../../lib/ids.ts';
import { toWireTime } from '../../lib/time.ts';
import { TaskFailure } from '../async-task/excel-transfer.service.ts';
import { membershipsOf } from '../depart/depart.service.ts';
import { dictItemsByCode } from '../dict/dict.service.ts';
import { positionNamesByCodes } from '../position/position.service.ts';
import * as repo from './user-admin.repository.ts';
import * as pickerRepo from './user-picker.repository.ts';
import * as userRepo from './user.repository.ts';
import { newUserRow } from './user.service.ts';

/** sys_user.post is varchar(100). */
const POST_MAX = 100;
/** Values per `in (…)` list (SQLite binds at most 32,766 parameters in one statement). */
const CHUNK = 500;

const IDENTITY_TEXT: Readonly<Record<number, string>> = {
  [USER_IDENTITY.member]: '普通成员',
  [USER_IDENTITY.manager]: '上级',
};

// ---- export ----------------------------------------------------------------------------------------------

/** One exported user, keyed as the columns of USER_TRANSFER_FIELDS name them. */
export interface UserExportRecord {
  username: string;
  realname: string;
  sex_dictText: string | null;
  birthday: string | null;
  phone: string | null;
  email: string | null;
  telephone: string | null;
  workNo: string | null;
  post: string | null;
  departNames: string | null;
  userIdentity: string | null;
  status_dictText: string | null;
  createTime: string | null;
}

export function countUsersForExport(db: Db, filter: pickerRepo.UserPickerFilter): Promise<number> {
  return pickerRepo.countPickerUsers(db, filter);
}

/**
 * The filtered users as export records, page by page, newest account first (the list's default order, ties by id).
 * Dictionary texts are read once; positions and departments once per page.
 */
export async function* userExportPages(
  db: Db,
  filter: pickerRepo.UserPickerFilter,
  pageSize: number,
): AsyncGenerator<UserExportRecord[]> {
  const [sexes, statuses] = await Promise.all([dictItemsByCode(db, 'sex'), dictItemsByCode(db, 'user_status')]);
  const sexText = new Map(sexes.map((d) => [d.value, d.text]));
  const statusText = new Map(statuses.map((d) => [d.value, d.text]));
  for (let offset = 0; ; offset += pageSize) {
    const rows = await pickerRepo.pagePickerUsers(
      db,
      filter,
      { column: 'create_time', order: 'desc' },
      offset,
      pageSize,
    );
    if (rows.length > 0) {
      const [members, posts] = await Promise.all([
        membershipsOf(
          db,
          rows.map((r) => r.id),
        ),
        positionNamesByCodes(db, [...new Set(rows.flatMap((r) => (r.post ? r.post.split(',') : [])))]),
      ]);
      yield rows.map((r): UserExportRecord => ({
        username: r.username,
        realname: r.realname,
        sex_dictText: r.sex === null ? null : (sexText.get(String(r.sex)) ?? null),
        birthday: r.birthday,
        phone: r.phone,
        email: r.email,
        telephone: r.telephone,
        workNo: r.workNo,
        post: r.post
          ? r.post
              .split(',')
              .map((c) => posts.get(c) ?? c)
              .join(',')
          : null,
        departNames: members.get(r.id)?.departNames.join(',') || null,
        userIdentity: r.userIdentity === null ? null : (IDENTITY_TEXT[r.userIdentity] ?? null),
        // 离职 (3) until the user_status dictionary lists it, as the list shows it.
        status_dictText:
          statusText.get(String(r.status)) ?? (r.status === USER_STATUS.resigned ? '离职' : String(r.status)),
        createTime: toWireTime(r.createTime),
      }));
    }
    if (rows.length < pageSize) return;
  }
}

// ---- import ----------------------------------------------------------------------------------------------

/** What the import resolved for a row it accepted: department ids and position codes. */
interface Resolved {
  departIds: string[];
  postCodes: string[];
}

function chunks<T>(values: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += CHUNK) out.push(values.slice(i, i + CHUNK));
  return out;
}

async function inChunks<T, R>(values: readonly T[], read: (part: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (const part of chunks(values)) out.push(...(await read(part)));
  return out;
}

/** A key (code first, then name) → one match, or the message of a missing or ambiguous name. */
function pick<T>(
  key: string,
  byCode: Map<string, T>,
  byName: Map<string, T[]>,
  unknown: (k: string) => string,
  ambiguous: (k: string) => string,
): T | string {
  const exact = byCode.get(key);
  if (exact) return exact;
  const named = byName.get(key) ?? [];
  if (named.length === 1) return named[0]!;
  return named.length === 0 ? unknown(key) : ambiguous(key);
}

function grouped<T>(rows: readonly T[], key: (r: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) out.set(key(r), [...(out.get(key(r)) ?? []), r]);
  return out;
}

export interface UserImportWriter {
  refuse(trx: Db, rows: readonly UserImportRow[]): Promise<Map<number, string[]>>;
  insert(trx: Db, rows: readonly UserImportRow[]): Promise<string[]>;
}

/**
 * The writer of one import for the requester `createdBy` (a username). `refuse` runs first in each batch's
 * transaction: it reads what the batch names and refuses the rows it cannot create as they are; `insert` then writes
 * the others (accounts, department links) in the same transaction.
 */
export function userImportWriter(createdBy: string, now: () => number): UserImportWriter {
  const resolved = new WeakMap<UserImportRow, Resolved>();
  return {
    async refuse(trx, rows) {
      const refused = new Map<number, string[]>();
      const lower = (s: string) => s.toLowerCase();
      const all = <K extends keyof UserImportRow>(k: K) =>
        [...new Set(rows.flatMap((r) => (r[k] ? [r[k] as string] : [])))] as string[];
      const [taken, departs, positions] = await Promise.all([
        repo.findTakenIdentifiers(trx, {
          usernames: all('username'),
          phones: all('phone'),
          emails: all('email'),
          workNos: all('workNo'),
        }),
        inChunks([...new Set(rows.flatMap((r) => r.departNames ?? []))], (keys) =>
          repo.findLiveDepartsByCodeOrName(trx, keys),
        ),
        inChunks([...new Set(rows.flatMap((r) => r.post ?? []))], (keys) => repo.findPositionsByCodeOrName(trx, keys)),
      ]);
      const departByCode = new Map(departs.map((d) => [d.orgCode, d]));
      const departByName = grouped(departs, (d) => d.departName);
      const positionByCode = new Map(positions.map((p) => [p.code, p]));
      const positionByName = grouped(positions, (p) => p.name);
      // Values claimed by earlier accepted rows of this batch (earlier batches are committed, so `taken` has them).
      const claimed = {
        username: new Set<string>(),
        phone: new Set<string>(),
        email: new Set<string>(),
        workNo: new Set<string>(),
      };

      rows.forEach((r, i) => {
        const messages: string[] = [];
        const check = (
          field: keyof typeof claimed,
          value: string | undefined,
          inDb: Set<string>,
          takenText: string,
          title: string,
          norm: (s: string) => string = (s) => s,
        ) => {
          if (!value) return;
          if (inDb.has(norm(value))) messages.push(takenText);
          else if (claimed[field].has(norm(value))) messages.push(USER_TRANSFER_TEXT.duplicateInFile(title, value));
        };
        check('username', r.username, taken.usernames, ADMIN_USER_TEXT.usernameTaken, '登录账号', lower);
        check('phone', r.phone, taken.phones, ADMIN_USER_TEXT.phoneTaken, '手机号码');
        check('email', r.email, taken.emails, ADMIN_USER_TEXT.emailTaken, '电子邮件', lower);
        check('workNo', r.workNo, taken.workNos, ADMIN_USER_TEXT.workNoTaken, '工号');

        const departIds: string[] = [];
        for (const key of r.departNames ?? []) {
          const d = pick(
            key,
            departByCode,
            departByName,
            USER_TRANSFER_TEXT.departUnknown,
            USER_TRANSFER_TEXT.departAmbiguous,
          );
          if (typeof d === 'string') messages.push(d);
          else if (!departIds.includes(d.id)) departIds.push(d.id);
        }
        const postCodes: string[] = [];
        for (const key of r.post ?? []) {
          const p = pick(
            key,
            positionByCode,
            positionByName,
            USER_TRANSFER_TEXT.positionUnknown,
            USER_TRANSFER_TEXT.positionAmbiguous,
          );
          if (typeof p === 'string') messages.push(p);
          else if (!postCodes.includes(p.code)) postCodes.push(p.code);
        }
        if (postCodes.join(',').length > POST_MAX) messages.push(USER_TRANSFER_TEXT.postTooLong);

        if (messages.length > 0) {
          refused.set(i, messages);
          return;
        }
        claimed.username.add(lower(r.username));
        if (r.phone) claimed.phone.add(r.phone);
        if (r.email) claimed.email.add(lower(r.email));
        if (r.workNo) claimed.workNo.add(r.workNo);
        resolved.set(r, { departIds, postCodes });
      });
      return refused;
    },

    async insert(trx, rows) {
      if (rows.length === 0) return [];
      const at = new Date(now()).toISOString();
      // No 初始密码: a hash of a random secret nobody knows, so the account cannot sign in until an administrator
      // sets a password (密码). argon2 runs on libuv's threads, so the batch's hashes are computed side by side.
      const hashes = await Promise.all(
        rows.map((r) => hashPassword(r.initialPassword ?? randomBytes(32).toString('base64url'))),
      );
      const accounts = rows.map((r, i) => {
        const found = resolved.get(r);
        // refuse() resolved every row it let through; a row without it would be a programming error.
        if (!found) throw new Error('user import: row was not checked');
        const row = newUserRow({
          id: newId(),
          username: r.username,
          realname: r.realname,
          password: hashes[i]!,
          birthday: r.birthday ?? null,
          sex: r.sex ?? null,
          email: r.email ?? null,
          phone: r.phone ?? null,
          workNo: r.workNo ?? null,
          post: found.postCodes.length ? found.postCodes.join(',') : null,
          telephone: r.telephone ?? null,
          userIdentity: r.userIdentity ?? USER_IDENTITY.member,
          mustChangePassword: 1,
          createBy: createdBy,
          createTime: at,
        });
        return { row, departIds: found.departIds };
      });
      try {
        for (const a of accounts) await userRepo.insertUser(trx, a.row);
        await repo.insertUserDeparts(
          trx,
          accounts.flatMap((a) => a.departIds.map((depId) => ({ userId: a.row.id, depId }))),
        );
      } catch (err) {
        // A value checked free was taken meanwhile by another request: the batch rolls back, said in Chinese.
        if (isUniqueViolation(err)) throw new TaskFailure(USER_TRANSFER_TEXT.raced);
        throw err;
      }
      return accounts.map((a) => a.row.id);
    },
  };
}
