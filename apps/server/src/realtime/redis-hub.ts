/**
 * The scale-out hub (REDIS_URL): every publish is one PUBLISH on the deployment's channel, and every instance,
 * the publisher included, delivers what it hears to its own sockets. A second connection subscribes (a
 * subscribed Redis connection can do nothing else).
 */
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { GridRealtimeMessage } from '@houtai/shared/grid/types';
import type { OwnedRealtimeHub, RealtimeMessage } from './hub.ts';
import { needsUserId } from './in-process-hub.ts';
import type { LocalSockets } from './local-sockets.ts';

/**
 * What travels on the channel. `m` is the message's JSON text, serialised once by the publisher; `f` asks each
 * instance to add the recipient's userId. A 'page' message goes to the grid sockets of page `p` except the
 * socket `x` (its sender).
 */
export type ChannelMessage =
  | { t: 'send'; u: string[] | null; m: string; f?: 1 }
  | { t: 'page'; p: string; m: string; x?: string }
  | { t: 'closeToken'; h: string }
  | { t: 'closeUser'; u: string; x?: string };

function isStringArray(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((x) => typeof x === 'string');
}

/** Anything else on the channel (another program, an older version) is ignored. */
export function parseChannelMessage(raw: string): ChannelMessage | null {
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof v !== 'object' || v === null) return null;
  const o = v as Record<string, unknown>;
  if (o.t === 'send' && typeof o.m === 'string' && (o.u === null || isStringArray(o.u))) {
    return { t: 'send', u: o.u, m: o.m, ...(o.f === 1 ? { f: 1 as const } : {}) };
  }
  if (o.t === 'page' && typeof o.p === 'string' && typeof o.m === 'string') {
    return { t: 'page', p: o.p, m: o.m, ...(typeof o.x === 'string' ? { x: o.x } : {}) };
  }
  if (o.t === 'closeToken' && typeof o.h === 'string') return { t: 'closeToken', h: o.h };
  if (o.t === 'closeUser' && typeof o.u === 'string') {
    return { t: 'closeUser', u: o.u, ...(typeof o.x === 'string' ? { x: o.x } : {}) };
  }
  return null;
}

export function deliverChannelMessage(sockets: LocalSockets, msg: ChannelMessage): void {
  switch (msg.t) {
    case 'send':
      sockets.send(msg.u, msg.m, msg.f === 1);
      return;
    case 'page':
      sockets.sendToPage(msg.p, msg.m, msg.x);
      return;
    case 'closeToken':
      sockets.closeToken(msg.h);
      return;
    case 'closeUser':
      sockets.closeUser(msg.u, msg.x);
      return;
  }
}

export interface RedisHubOptions {
  url: string;
  channel: string;
  sockets: LocalSockets;
  log: FastifyBaseLogger;
}

export class RedisHub implements OwnedRealtimeHub {
  private constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly channel: string,
    private readonly sockets: LocalSockets,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Connects both connections and subscribes; rejects (and lets go of both) when Redis cannot be reached. */
  static async connect(opts: RedisHubOptions): Promise<RedisHub> {
    // Publishing fails fast while Redis is away instead of queueing behind a request that revoked a session.
    const publisher = new Redis(opts.url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: 5000,
      connectionName: 'houtai-realtime-pub',
    });
    // The subscriber reconnects and re-subscribes on its own (ioredis autoResubscribe).
    const subscriber = new Redis(opts.url, { lazyConnect: true, connectionName: 'houtai-realtime-sub' });
    for (const [name, conn] of [
      ['publisher', publisher],
      ['subscriber', subscriber],
    ] as const) {
      conn.on('error', (err: Error) => opts.log.warn({ err, connection: name }, 'realtime redis connection error'));
    }
    try {
      await Promise.all([publisher.connect(), subscriber.connect()]);
      await subscriber.subscribe(opts.channel);
    } catch (err) {
      publisher.disconnect();
      subscriber.disconnect();
      throw new Error(`realtime: cannot reach Redis at REDIS_URL (${(err as Error).message})`, { cause: err });
    }
    const hub = new RedisHub(publisher, subscriber, opts.channel, opts.sockets, opts.log);
    subscriber.on('message', (channel: string, raw: string) => {
      if (channel !== opts.channel) return;
      const msg = parseChannelMessage(raw);
      if (msg) deliverChannelMessage(opts.sockets, msg);
      else opts.log.warn({ channel }, 'realtime: unreadable message on the channel ignored');
    });
    return hub;
  }

  sendToUsers(userIds: readonly string[], message: RealtimeMessage): Promise<void> {
    if (userIds.length === 0) return Promise.resolve();
    const fill = needsUserId(message);
    return this.publish({ t: 'send', u: [...new Set(userIds)], m: JSON.stringify(message), ...(fill ? { f: 1 } : {}) });
  }

  broadcast(message: RealtimeMessage): Promise<void> {
    return this.publish({ t: 'send', u: null, m: JSON.stringify(message) });
  }

  sendToPage(pageId: string, message: GridRealtimeMessage, exceptSocketId?: string): Promise<void> {
    return this.publish({
      t: 'page',
      p: pageId,
      m: JSON.stringify(message),
      ...(exceptSocketId ? { x: exceptSocketId } : {}),
    });
  }

  closeToken(tokenHash: string): Promise<void> {
    return this.publish({ t: 'closeToken', h: tokenHash });
  }

  closeUser(userId: string, exceptTokenHash?: string): Promise<void> {
    return this.publish({ t: 'closeUser', u: userId, ...(exceptTokenHash ? { x: exceptTokenHash } : {}) });
  }

  localSocketCount(): number {
    return this.sockets.count;
  }

  /** PING on the publishing connection: it queues nothing while Redis is away, so this fails fast then. */
  async ping(): Promise<void> {
    await this.publisher.ping();
  }

  async close(): Promise<void> {
    // QUIT waits for Redis; a connection that is not up is simply dropped (it would otherwise retry).
    const end = (conn: Redis) => (conn.status === 'ready' ? conn.quit() : Promise.resolve(conn.disconnect()));
    await Promise.allSettled([end(this.subscriber), end(this.publisher)]);
  }

  private async publish(msg: ChannelMessage): Promise<void> {
    try {
      await this.publisher.publish(this.channel, JSON.stringify(msg));
    } catch (err) {
      // Closes that were missed are caught by the sockets' own session checks (socket-route.ts).
      this.log.warn({ err, kind: msg.t }, 'realtime: publish failed');
    }
  }
}
