/** Route-level declarations every route carries, and what a request knows about its caller. */
import type { TaskCentreProbe } from '../jobs/create-task-runner.ts';
import type { Config } from '../config.ts';
import type { Db, Dialect } from '../db/connection.ts';
import type { PermissionCodeCache } from '../modules/permission/permission-codes.service.ts';
import type { RegisteredRoute } from './route-registry.ts';
import type { Services } from './services.ts';
import type { StorageDriver } from '../storage/storage.ts';
import type { RealtimeHub } from '../realtime/hub.ts';

/** Deny by default: a route without a policy makes the server refuse to start. */
/** `permission`: the code the caller needs; a list: any one of them (e.g. a page's own code or the pickers'). */
export type Policy = 'public' | 'authenticated' | { permission: string | readonly string[] };

export interface SessionUser {
  id: string;
  username: string;
  realname: string;
  orgCode: string | null;
  status: number;
  /** An administrator reset the password: the holder must pick a new one before anything else (auth.ts). */
  mustChangePassword: boolean;
}

export interface Session {
  tokenId: string;
  tokenHash: string;
  user: SessionUser;
  impersonatorId: string | null;
  /** The 'permission' cache epoch read with the token at the start of the request. */
  permissionEpoch: number;
}

/** The account an operate-log row names. */
export interface AuditActor {
  id: string;
  username: string;
  realname: string | null;
}

/** Operate-log classes (dictionary operate_type). */
export type OperateType = '1' | '2' | '3' | '4' | '5' | '6';

declare module 'fastify' {
  interface FastifyContextConfig {
    policy?: Policy;
    /**
     * Chinese description of a write, recorded in the operate log with `operateType`. Every write route declares
     * both, or `selfAudited` (checked at start-up: plugins/route-registry.ts).
     */
    operation?: string;
    operateType?: OperateType;
    /** The handler writes its own, more precise record (operate log or login log); the generic hook stays silent. */
    selfAudited?: boolean;
    /** Requires a valid X-Sign / X-TIMESTAMP pair (plugins/signature.ts, contract §4.1). */
    signed?: boolean;
    /**
     * The token comes as the websocket handshake's one sub-protocol instead of X-Access-Token (browsers cannot set
     * headers on a websocket; contract §2.12). Only the realtime socket route sets it.
     */
    tokenInProtocol?: boolean;
    /**
     * The route serves a caller whose password an administrator reset and who has not picked a new one yet: changing
     * it, signing out, and what a client needs to start and show its 修改密码 (permissions, user info, dictionaries,
     * the socket). Every other authenticated route refuses such a caller (plugins/auth.ts).
     */
    beforePasswordChange?: boolean;
    /**
     * A GET whose answer depends only on the database, the caller, the URL and the client headers: a repeat is
     * answered from the last answer while the database is unchanged (plugins/answer-memo.ts).
     */
    memo?: boolean;
  }
  interface FastifyRequest {
    session: Session | null;
    /** Set by a handler to name the record a write concerned (operate log relateId). */
    relateId: string | null;
    /** Set by a handler of a public write: the account it acted on, recorded as the operate log's user. */
    auditActor: AuditActor | null;
    /** Set by a handler to add what the route's description cannot say (e.g. whom it signed out). */
    auditNote: string | null;
  }
  interface FastifyInstance {
    config: Config;
    /** The task centre's runner and run times, for the metrics (jobs/create-task-runner.ts). */
    taskCentre: TaskCentreProbe;
    db: Db;
    dialect: Dialect;
    permissionCodes: PermissionCodeCache;
    registeredRoutes: RegisteredRoute[];
    services: Services;
    storage: StorageDriver;
    /** Realtime fan-out to websockets on every instance (realtime/hub.ts). */
    realtime: RealtimeHub;
  }
}
