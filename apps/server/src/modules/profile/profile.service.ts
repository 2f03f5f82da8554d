/**
 * The signed-in user's own profile and display settings. Every read and write concerns the session's user;
 * nothing in the request names whose row it is.
 */
import { TEXT } from '@houtai/shared/constants';
import type { EditSelfBody, ProfileUserInfo, UserInfoResult } from '@houtai/shared/contract/user';
import {
  normaliseSettings,
  parseStoredSettings,
  type DisplaySettings,
  type DisplaySettingsPatch,
} from '@houtai/shared/settings';
import type { Db } from '../../db/connection.ts';
import type { User } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { shanghaiDate } from '../../lib/time.ts';
import type { Services } from '../../plugins/services.ts';
import type { Session } from '../../plugins/types.ts';
import { queryAllDictItems } from '../dict/dict.service.ts';
import { loadProfile } from '../user/user-profile.service.ts';
import {
  emailExists,
  findSettingsText,
  findUserById,
  phoneExists,
  saveSettingsText,
  updateSelf,
  type SelfChanges,
} from '../user/user.service.ts';

export interface ProfileDeps {
  db: Db;
  services: Pick<Services, 'now'>;
}

async function loadUser(db: Db, session: Session): Promise<User> {
  const user = await findUserById(db, session.user.id);
  if (!user) throw AppError.unauthorized(TEXT.tokenInvalid);
  return user;
}

async function profileUserInfo(db: Db, user: User): Promise<ProfileUserInfo> {
  const { userInfo } = await loadProfile(db, user);
  return { ...userInfo, version: user.version };
}

// ---- Display settings ----

/** The stored settings, or the defaults when none (or only broken ones) are stored. */
export async function getUserSettings(db: Db, session: Session): Promise<DisplaySettings> {
  return parseStoredSettings(await findSettingsText(db, session.user.id));
}

/**
 * Decision: the body is a partial set merged over what is stored (the drawer may send one changed switch
 * or the whole set); the result is normalised by the drawer's rules before it is stored, so the stored
 * JSON is always a complete, consistent set.
 */
export async function saveUserSettings(
  db: Db,
  session: Session,
  patch: DisplaySettingsPatch,
): Promise<DisplaySettings> {
  const current = await getUserSettings(db, session);
  const next = normaliseSettings({ ...current, ...patch });
  await saveSettingsText(db, session.user.id, JSON.stringify(next));
  return next;
}

// ---- User info and self-service edit ----

export async function getUserInfo(db: Db, session: Session): Promise<UserInfoResult> {
  const user = await loadUser(db, session);
  const [userInfo, sysAllDictItems] = await Promise.all([profileUserInfo(db, user), queryAllDictItems(db)]);
  return { userInfo, sysAllDictItems };
}

/** Only keys the client actually sent are written; `null` clears a field. */
function changesOf(body: EditSelfBody): SelfChanges {
  const changes: SelfChanges = {};
  if (body.realname !== undefined) changes.realname = body.realname;
  if (body.nickname !== undefined) changes.nickname = body.nickname;
  if (body.email !== undefined) changes.email = body.email;
  if (body.phone !== undefined) changes.phone = body.phone;
  if (body.sex !== undefined) changes.sex = body.sex;
  if (body.birthday !== undefined) changes.birthday = body.birthday;
  if (body.telephone !== undefined) changes.telephone = body.telephone;
  if (body.avatar !== undefined) changes.avatar = body.avatar;
  return changes;
}

export async function editSelf(
  deps: ProfileDeps,
  session: Session,
  body: EditSelfBody,
): Promise<{ userInfo: ProfileUserInfo }> {
  const user = await loadUser(deps.db, session);
  // Decision: the version check is opt-in (the Vue forms do not send one); a stale one is refused up front
  // and again atomically by the UPDATE's WHERE clause.
  if (body.version !== undefined && body.version !== user.version) throw AppError.conflict(TEXT.versionConflict);
  const now = deps.services.now();
  if (body.birthday && body.birthday > shanghaiDate(now)) throw AppError.business(TEXT.birthdayInFuture);
  // Decision: uniqueness is checked against other live users before the write (there is no unique index on
  // phone/email: seeded and imported data may hold duplicates we must not fail on); a race between two
  // users claiming the same number at the same instant is accepted.
  if (body.phone && (await phoneExists(deps.db, body.phone, user.id))) {
    throw AppError.business(TEXT.phoneTaken);
  }
  if (body.email && (await emailExists(deps.db, body.email, user.id))) {
    throw AppError.business(TEXT.emailTaken);
  }
  const at = new Date(now).toISOString();
  const updated = await updateSelf(deps.db, user.id, changesOf(body), body.version, user.username, at);
  if (updated === 0) throw AppError.conflict(TEXT.versionConflict);
  return { userInfo: await profileUserInfo(deps.db, await loadUser(deps.db, session)) };
}
