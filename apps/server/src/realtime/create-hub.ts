/** Chooses the hub from the configuration: Redis pub/sub with REDIS_URL, in process otherwise. */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { OwnedRealtimeHub } from './hub.ts';
import { InProcessHub } from './in-process-hub.ts';
import type { LocalSockets } from './local-sockets.ts';
import { RedisHub } from './redis-hub.ts';

export function createRealtimeHub(
  config: Pick<Config, 'redisUrl' | 'realtimeChannel'>,
  sockets: LocalSockets,
  log: FastifyBaseLogger,
): Promise<OwnedRealtimeHub> {
  if (!config.redisUrl) return Promise.resolve(new InProcessHub(sockets));
  return RedisHub.connect({ url: config.redisUrl, channel: config.realtimeChannel, sockets, log });
}
