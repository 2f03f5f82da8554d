/**
 * The user module's published API: what other modules may ask about accounts. Only this module reads
 * sys_user through its repository; other modules call these functions.
 */
import type { Db } from '../../db/connection.ts';
import * as repo from './user.repository.ts';

/** An account's id, login name and real name. */
export interface UserName {
  id: string;
  username: string;
  realname: string;
}

/** Names of users by id (deleted ones too: history keeps naming them). */
export function findUserNamesByIds(db: Db, ids: readonly string[]): Promise<UserName[]> {
  return repo.findUserNamesByIds(db, ids);
}

/** Names of users by login name (deleted ones too). */
export function findUserNamesByUsernames(db: Db, usernames: readonly string[]): Promise<UserName[]> {
  return repo.findUserNamesByUsernames(db, usernames);
}

/** An account that can be given work or act: not deleted, not frozen; undefined otherwise. */
export function findActiveUserName(db: Db, id: string): Promise<UserName | undefined> {
  return repo.findActiveUser(db, id);
}
