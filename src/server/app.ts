import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyWebsocket from '@fastify/websocket';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { createIdentityProviders } from './adapters/eid/create-eid.js';
import { Mailer } from './adapters/mail/mailer.js';
import { createPayments } from './adapters/payments/create-payments.js';
import { noPayments } from './adapters/payments/port.js';
import { createStorage } from './adapters/storage/create-storage.js';
import { backofficeRoutes } from './backoffice/routes.js';
import { registerSwitchAudit } from './backoffice/switch-user.js';
import { bikeRoutes } from './bikes/routes.js';
import { type ChatListener, startChatListener } from './chats/listener.js';
import { LiveHub } from './chats/live.js';
import { chatRoutes } from './chats/routes.js';
import { startUnreadMailTimer } from './chats/unread-mail.js';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import type { Database } from './db/client.js';
import { devRoutes } from './dev/routes.js';
import { distributorRoutes } from './distributors/routes.js';
import { dockAlarmRoutes } from './docks/alarms-routes.js';
import { startLockDeadlines } from './docks/deadlines.js';
import { DeviceHub } from './docks/device-hub.js';
import { type LockListener, startLockListener } from './docks/listener.js';
import { DockLiveHub } from './docks/live.js';
import { dockManageRoutes } from './docks/manage-routes.js';
import { dockRoutes, dockSocketRoutes, lockPageSocketRoute } from './docks/routes.js';
import { documentRoutes } from './documents/routes.js';
import { equipmentRoutes } from './equipment/routes.js';
import { eventRoutes } from './events/routes.js';
import { figuresRoutes } from './figures/routes.js';
import { gbfsRoutes } from './gbfs/routes.js';
import { registerAuth } from './http/auth.js';
import { registerControlCharacterCheck } from './http/control-characters.js';
import { frameworkErrorHandler, registerErrorHandling, registerNotFound } from './http/errors.js';
import { lazyRequestLogger } from './http/request-logger.js';
import { securityHeaders } from './http/security-headers.js';
import { COMPRESS_THRESHOLD, readBuildVersion, registerWeb } from './http/web.js';
import { identityRoutes } from './identity/routes.js';
import { socialRoutes } from './identity/social-routes.js';
import { lockTestRoutes } from './insurance/lock-tests-routes.js';
import { policyRoutes } from './insurance/policy-routes.js';
import { possessionReviewRoutes } from './insurance/possession-review-routes.js';
import { possessionRoutes } from './insurance/possession-routes.js';
import { purchaseRoutes } from './insurance/purchase-routes.js';
import { insuranceRoutes } from './insurance/routes.js';
import { newsletterRoutes } from './newsletter/routes.js';
import { organisationRoutes } from './organisations/routes.js';
import { ownershipRoutes } from './ownership/routes.js';
import { pictureRoutes } from './pictures/routes.js';
import { plateRoutes } from './plates/routes.js';
import { searchRoutes } from './search/routes.js';
import { startTrashTimer } from './shared/files/trash.js';
import { stolenMapRoutes } from './stolen-map/routes.js';
import { supportRoutes } from './support/routes.js';
import { theftRoutes } from './theft/routes.js';
import { verificationRoutes } from './verification/routes.js';
import { seedCatalogue } from './webshop/catalogue-seed.js';
import { startFulfilment } from './webshop/fulfilment.js';
import { orderRoutes } from './webshop/orders-routes.js';
import { startReconciliation } from './webshop/reconciliation.js';
import { webshopRoutes } from './webshop/routes.js';
import { subscriptionRoutes } from './webshop/subscription-routes.js';
import { paymentWebhookRoutes } from './webshop/webhook.js';

/** National ID numbers and the provider's tokens never reach a log line, wherever they turn up. */
const SECRET_LOG_PATHS = ['cpr', 'cpr_number', 'national_id', 'nationalId', 'id_token', 'code_verifier', 'codeVerifier'].flatMap((key) => [
  key,
  `*.${key}`,
  `*.*.${key}`,
]);

export const defaultWebDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/web');

export interface BuildAppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** The built web app; by default dist/web. */
  webDir?: string;
}

/** Builds the whole app from its parts; main.ts starts it, tests inject into it. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const { trustProxy } = config;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel, redact: { paths: SECRET_LOG_PATHS, censor: '[redacted]' } },
    childLoggerFactory: lazyRequestLogger,
    bodyLimit: 1024 * 1024,
    // A number of hops as Fastify's own typings take it: trust the nearest n proxies.
    trustProxy: typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    genReqId: () => crypto.randomUUID(),
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  // The API speaks JSON only: any other body is refused with 415 rather than parsed as text.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const mailer = new Mailer(database.db, { smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log });
  // Payments are set below, once the development payment provider (when it is the one) is mounted with the others.
  const ctx: AppContext = { config, db: database.db, mailer, storage: createStorage(config), payments: noPayments, log: app.log };
  app.decorate('appContext', ctx);
  const webDir = options.webDir ?? config.webDir ?? defaultWebDir;
  const siteVersion = readBuildVersion(webDir);

  registerErrorHandling(app);
  registerControlCharacterCheck(app);

  // helmet's headers are the same for every answer: worked out once here, set by one cheap hook (@fastify/helmet
  // ran helmet's whole middleware, CSP parsing included, in two hooks on every request).
  const headers = securityHeaders(config);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  // After helmet, so that a request the guard refuses still gets the security headers.
  registerAuth(app, { db: database.db, jwtSecret: config.jwtSecret });
  // After the guard, which tells who is acting: audits every change made with a switch-user token.
  registerSwitchAudit(app, database.db);
  await app.register(fastifyCompress, { threshold: COMPRESS_THRESHOLD });
  await app.register(fastifyRateLimit, { global: false });
  const live = new LiveHub(ctx);
  app.decorate('chatLive', live);
  // Docks (issue 16): the browsers' live channels and the locks' device connections of this instance.
  const dockLive = new DockLiveHub(ctx);
  app.decorate('dockLive', dockLive);
  const lockDevices = new DeviceHub(ctx);
  app.decorate('lockDevices', lockDevices);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Bike register API', version: '1' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // During a graceful shutdown the answer to a request in flight also ends its keep-alive connection;
  // otherwise close() would wait for each client to hang up (seconds, or the keep-alive timeout).
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    // The client compares this with its own build and reloads once when the site has moved on (§2).
    if (request.url.startsWith('/api/')) reply.header('x-site-version', siteVersion);
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });

  // /api/health checks the database with one `select 1` at a time, and a success counts for a second: a load
  // balancer (or a benchmark) polling hard then costs no queue of queries on the embedded database. The answer
  // never changes, so it is serialised once.
  let databaseCheckedAt = Number.NEGATIVE_INFINITY;
  let databaseCheck: Promise<void> | null = null;
  const checkDatabase = async () => {
    if (performance.now() - databaseCheckedAt < 1000) return;
    databaseCheck ??= database.db
      .execute(sql`select 1`)
      .then(() => {
        databaseCheckedAt = performance.now();
      })
      .finally(() => {
        databaseCheck = null;
      });
    await databaseCheck;
  };
  const healthAnswer = JSON.stringify({ status: 'ok', database: database.kind, version: siteVersion });

  // National digital ID; the development provider, when it is the one, is mounted under /dev-idp here.
  const { eid, social } = await createIdentityProviders(app, config);
  // Payments: Stripe, or the development payment provider (mounted under /dev-pay here), through the one adapter.
  ctx.payments = await createPayments(app, config, database.db);

  await app.register(
    async (api) => {
      api.get(
        '/health',
        {
          config: { access: 'public' },
          compress: false,
          decompress: false,
          schema: {
            tags: ['system'],
            summary: 'Liveness and database check',
            response: { 200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']), version: z.string() }) },
          },
        },
        async (_request, reply) => {
          await checkDatabase();
          return reply.type('application/json; charset=utf-8').send(healthAnswer);
        },
      );
      await api.register(identityRoutes(ctx));
      await api.register(socialRoutes(ctx, social));
      await api.register(verificationRoutes(ctx, eid));
      await api.register(organisationRoutes(ctx));
      await api.register(backofficeRoutes(ctx));
      await api.register(eventRoutes(ctx));
      await api.register(bikeRoutes(ctx));
      await api.register(pictureRoutes(ctx));
      await api.register(documentRoutes(ctx));
      await api.register(equipmentRoutes(ctx));
      await api.register(plateRoutes(ctx));
      await api.register(searchRoutes(ctx));
      await api.register(webshopRoutes(ctx));
      await api.register(subscriptionRoutes(ctx));
      await api.register(orderRoutes(ctx));
      await api.register(paymentWebhookRoutes(ctx));
      await api.register(dockRoutes(ctx));
      await api.register(ownershipRoutes(ctx));
      await api.register(theftRoutes(ctx));
      await api.register(stolenMapRoutes(ctx));
      await api.register(figuresRoutes(ctx));
      await api.register(insuranceRoutes(ctx));
      await api.register(purchaseRoutes(ctx));
      await api.register(policyRoutes(ctx));
      await api.register(possessionRoutes(ctx));
      await api.register(possessionReviewRoutes(ctx));
      await api.register(lockTestRoutes(ctx));
      await api.register(supportRoutes(ctx));
      await api.register(distributorRoutes(ctx));
      await api.register(newsletterRoutes(ctx));
      await api.register(dockManageRoutes(ctx));
      await api.register(dockAlarmRoutes(ctx));
      await api.register(gbfsRoutes(ctx));
      if (config.env !== 'production') await api.register(devRoutes(ctx));
    },
    { prefix: '/api' },
  );

  // The WebSockets: the chats' live channel (GET /api/chats/live), the docks' (GET /api/docks/{dockId}/live and the
  // lock page's own address, /app/docks/{dockId}/locks/{lockId}/websocket) and the locks' devices
  // (GET /api/devices/locks/live). The plugin is registered once (it listens to the server's upgrades), and its hooks
  // run in this context only, not on every request. Frames are small JSON; an abrupt disconnect is no error worth a
  // log line.
  await app.register(async (sockets) => {
    await sockets.register(fastifyWebsocket, {
      options: { maxPayload: 16 * 1024 },
      errorHandler: (err, socket) => {
        app.log.debug({ err }, 'websocket error');
        socket.terminate();
      },
    });
    await sockets.register(chatRoutes(ctx, live), { prefix: '/api' });
    await sockets.register(dockSocketRoutes(dockLive, lockDevices), { prefix: '/api' });
    await sockets.register(lockPageSocketRoute(dockLive));
  });

  registerNotFound(app, await registerWeb(app, ctx, webDir));

  // Files of deleted pictures and documents leave storage after their rows are gone (and again later if that failed).
  let stopTrashTimer: (() => void) | undefined;
  // Chats: every instance listens for chat writes (its own and the others') and mails about unread messages.
  let chatListener: ChatListener | undefined;
  // Docks: every instance listens for lock changes and commands, and checks the commands' deadlines.
  let lockListener: LockListener | undefined;
  let stopLockDeadlines: (() => Promise<void>) | undefined;
  let stopUnreadMail: (() => Promise<void>) | undefined;
  // Payments: the worker that fulfils the provider's events, and the reconciliation of orders whose event went missing.
  let stopFulfilment: (() => Promise<void>) | undefined;
  let stopReconciliation: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    // Reference data every mode needs: the webshop's products and first prices (idempotent).
    await seedCatalogue(database.db);
    stopTrashTimer = startTrashTimer(ctx);
    live.start();
    chatListener = await startChatListener(database, { onNotice: (n) => live.deliver(n), onReconnect: () => live.resync(), log: app.log });
    stopUnreadMail = startUnreadMailTimer(ctx);
    dockLive.start();
    lockDevices.start();
    lockListener = await startLockListener(database, {
      onEvent: (n) => dockLive.deliver(n),
      onCommand: (n) => lockDevices.push(n),
      onRevoked: (lockId) => lockDevices.revoke(lockId),
      onReconnect: () => dockLive.resync(),
      log: app.log,
    });
    stopLockDeadlines = startLockDeadlines(ctx);
    stopFulfilment = startFulfilment(ctx);
    stopReconciliation = startReconciliation(ctx);
    await mailer.start();
  });
  app.addHook('onClose', async () => {
    stopTrashTimer?.();
    live.stop();
    await chatListener?.stop();
    dockLive.stop();
    await lockDevices.stop();
    await lockListener?.stop();
    await stopLockDeadlines?.();
    await stopUnreadMail?.();
    await stopReconciliation?.();
    await stopFulfilment?.();
    await live.settled();
    await dockLive.settled();
    await lockDevices.settled();
    await mailer.close();
  });
  return app;
}
