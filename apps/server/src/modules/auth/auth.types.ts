/** What the sign-in services need from the app: the database, two config values and the replaceable services. */
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connection.ts';
import type { Services } from '../../plugins/services.ts';

export interface AuthDeps {
  db: Db;
  config: Pick<Config, 'signSecret' | 'cryptKey' | 'lockMinutes' | 'tokenIdleMinutes'>;
  services: Services;
}

/** Where a sign-in came from; kept on the session and in the login log. */
export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}
