/** buildApp(config): registers plugins and modules; never listens. */
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { TEXT } from '@houtai/shared/constants';
import type { Config } from './config.ts';
import { openDatabase, type DbHandle, type DbOptions } from './db/connection.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerCors } from './plugins/cors.ts';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandling } from './plugins/errors.ts';
import { registerOperateLog } from './plugins/operate-log.ts';
import { registerAnswerMemo } from './plugins/answer-memo.ts';
import { registerOperations } from './plugins/operations.ts';
import { registerSignature } from './plugins/signature.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { trackRoutes } from './plugins/route-registry.ts';
import type { Services } from './plugins/services.ts';
import { registerDocs } from './plugins/docs.ts';
import { registerJsonBody } from './plugins/json-body.ts';
import { registerWeb } from './plugins/web.ts';
import { PermissionCodeCache } from './modules/permission/permission-codes.service.ts';
import { apiModules, TASK_KINDS } from './modules/index.ts';
import { createQuartzScheduler } from './modules/quartz/quartz.setup.ts';
import { disabledSmsSender, logSmsSender } from './modules/auth/sms-sender.ts';
import { createStorage } from './storage/create-storage.ts';
import { createTaskCentreProbe } from './jobs/create-task-runner.ts';
import type { StorageDriver } from './storage/storage.ts';
import { createRealtimeHub } from './realtime/create-hub.ts';
import type { RealtimeHub } from './realtime/hub.ts';
import { LocalSockets } from './realtime/local-sockets.ts';
import { gridSocketEndpoint } from './realtime/grid-socket-route.ts';
import { mainSocketEndpoint } from './realtime/socket-route.ts';
import { registerSocketServer } from './realtime/socket-server.ts';
import './plugins/types.ts';

export interface BuildOptions {
  /** Use this database instead of opening one from the config (tests pass a fresh one per file). */
  database?: DbHandle;
  onQuery?: DbOptions['onQuery'];
  services?: Partial<Services>;
  logger?: FastifyServerOptions['logger'];
  storage?: StorageDriver;
  /** Publish through this hub instead of the configured one (it then delivers to nobody's sockets here). */
  realtime?: RealtimeHub;
}

/**
 * Fastify 5.12 treats a bare hop count as "trust nobody"; TRUST_PROXY documents a number as that many proxies in
 * front, so it becomes the equivalent trust function (hop 0 is the socket's peer).
 */
function trustProxyOption(trust: Config['trustProxy']): FastifyServerOptions['trustProxy'] {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? {
      level: config.logLevel,
      redact: ['req.headers["x-access-token"]', 'req.headers.authorization'],
    },
    bodyLimit: 2 * 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
    // Requests are logged by the hook below: failures and slow ones at info, the rest at debug.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: trustProxyOption(config.trustProxy),
    // Errors raised before routing, or by Node's HTTP parser, answer with the envelope too.
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    // Long enough for the longest table-dictionary code the schemas accept (500 characters, URL-encoded).
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2000 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const handle =
    opts.database ?? openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, onQuery: opts.onQuery });
  app.decorate('config', config);
  app.decorate('taskCentre', createTaskCentreProbe());
  app.decorate('db', handle.db);
  app.decorate('dialect', handle.dialect);
  app.decorate('permissionCodes', new PermissionCodeCache(handle.db));
  app.decorate('services', {
    sms: opts.services?.sms ?? (config.smsSender === 'log' ? logSmsSender(app.log) : disabledSmsSender),
    now: opts.services?.now ?? Date.now,
    captcha: opts.services?.captcha,
  });
  if (!opts.database) app.addHook('onClose', () => handle.close());

  // Uploaded files: STORAGE_URL s3://… → an S3-compatible bucket; unset → DATA_DIR/files (unknown schemes refuse).
  app.decorate('storage', opts.storage ?? createStorage(config));
  app.decorate('registeredRoutes', trackRoutes(app));
  // Realtime: this instance's sockets, and the hub that fans out to every instance (Redis with REDIS_URL).
  const sockets = new LocalSockets(config.realtimeSocketsPerUser);
  if (opts.realtime) app.decorate('realtime', opts.realtime);
  else {
    const hub = await createRealtimeHub(config, sockets, app.log);
    app.decorate('realtime', hub);
    app.addHook('onClose', () => hub.close());
  }
  // Scheduled jobs (modules/quartz): the engine starts when the app is ready (its first tick handles fires missed
  // while stopped) and stops with the app.
  const quartz = createQuartzScheduler(app, TASK_KINDS);
  app.decorate('quartz', quartz);
  app.addHook('onReady', () => quartz.start());
  app.addHook('onClose', () => quartz.close());
  registerSecurityHeaders(app);
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    const ms = reply.elapsedTime;
    const level =
      status >= 500 ? 'error' : status === 401 || status === 403 || status === 429 || ms > 1000 ? 'info' : 'debug';
    const log = request.log as unknown as { isLevelEnabled?: (l: string) => boolean };
    if (log.isLevelEnabled?.(level)) {
      request.log[level](
        {
          method: request.method,
          url: request.routeOptions.url ?? request.url.split('?')[0],
          status,
          ms: Math.round(ms),
        },
        'request completed',
      );
    }
    done();
  });
  registerErrorHandling(app);
  registerJsonBody(app);
  registerCors(app);
  registerAuth(app);
  registerSignature(app);
  registerOperateLog(app);
  registerAnswerMemo(app);
  // /health, /ready and /metrics, outside the API prefix; their routes win over the web app's catch-all.
  registerOperations(app, { handle, sockets });

  // The Jeecg clients' generic helpers also POST and PUT form-encoded bodies.
  await app.register(formbody, { bodyLimit: 1024 * 1024 });
  // Uploads are streamed (request.file()); nothing is buffered whole.
  await app.register(multipart, { limits: { fieldSize: 1024, fields: 10, files: 1, parts: 12 } });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => ({ statusCode: 429, message: TEXT.tooManyRequests }),
  });

  await registerDocs(app);
  await app.register(
    async (api) => {
      for (const mod of apiModules) await api.register(mod);
      // Contract §1.1: OPTIONS gets an empty success. Same-origin app, so no CORS allow headers.
      api.options('/*', { config: { policy: 'public' }, schema: { hide: true } }, async (_request, reply) =>
        reply.status(204).send(),
      );
    },
    { prefix: config.apiPrefix },
  );
  await registerSocketServer(app, {
    sockets,
    // Reconnects come every 5 s at most (spec §9); a burst of tabs after a restart stays well within this.
    handshakesPerMinute: Math.max(60, 3 * config.realtimeSocketsPerUser),
    endpoints: [mainSocketEndpoint(config.apiPrefix), gridSocketEndpoint(config.apiPrefix, app.realtime)],
  });
  await registerWeb(app);
  return app;
}
