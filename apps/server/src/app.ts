import Fastify, { type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './platform/config.ts';
import type { Database } from './platform/db/database.ts';
import { refuseHostileStrings } from './platform/http/hostile-strings.ts';
import { Throttle } from './platform/auth/throttle.ts';
import { registerSecurityHeaders } from './platform/http/security-headers.ts';
import { installErrorHandler } from './platform/http/error-handler.ts';
import { SessionCache } from './platform/auth/session-cache.ts';
import { registerRoutes } from './platform/http/route.ts';
import { systemRoutes } from './modules/system/index.ts';
import { entityKitRoutes, masterControllers } from './modules/master/index.ts';
import { inventoryRoutes } from './modules/inventory/index.ts';
import { financeRoutes } from './modules/finance/index.ts';
import { manufacturingControllers, manufacturingRoutes } from './modules/manufacturing/index.ts';
import { useMessenger, workflowRoutes } from './modules/workflow/index.ts';
import { messageRoutes, publishMessage, registerRealtime, sendMessage } from './modules/message/index.ts';
import { commonRoutes, registerFiles } from './modules/common/index.ts';
import { adminControllers, adminRoutes } from './modules/system/admin/index.ts';
import { useControllers } from './platform/crud/controller.ts';
import { jobRoutes } from './platform/jobs/jobs.routes.ts';
import { crmRoutes } from './modules/crm/index.ts';
import { biddingRoutes } from './modules/bidding/index.ts';
import { projectControllers, projectRoutes } from './modules/project/index.ts';
import { closeAllReaders, shopfloorControllers, shopfloorRoutes } from './modules/shopfloor/index.ts';
import { labelRoutes } from './modules/labels/index.ts';
import { portalRoutes } from './modules/portal/index.ts';
import { qualityControllers, qualityRoutes } from './modules/quality/index.ts';
import { textaiRoutes } from './modules/textai/index.ts';
import { closePdfBrowser, printingControllers, printingRoutes } from './modules/printing/index.ts';
import { registerHealth } from './platform/ops/health.ts';
import { serveWebApp } from './platform/http/web-app.ts';
import { registerMetrics } from './platform/ops/metrics.ts';
import { jsherpRoutes, registerJshErpDialect } from './modules/jsherp/index.ts';

z.config(z.locales.zhCN());

export interface AppOptions {
  config: Pick<Config, 'apiBase' | 'webDist' | 'logLevel'> &
    Partial<Pick<Config, 'filesDir' | 'fileStore' | 's3' | 'sessionCacheSeconds' | 'metricsToken' | 'trustProxy' | 'registerPerHour'>>;
  db: Database;
  logger?: boolean;
}

/** Builds the Fastify app: platform plugins plus every module's routes under the API base path. */
export async function buildApp({ config, db, logger = true }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? {
          level: config.logLevel,
          // the WebSocket carries its token in the query string: keep it out of the logs
          serializers: { req: (req) => ({ method: req.method, url: req.url.replace(/([?&]token=)[^&]*/, '$1***'), remoteAddress: req.ip }) },
        }
      : false,
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy ?? 'loopback,linklocal,uniquelocal',
    // every route validates with zod; the default ajv coercion would hide type errors
    ajv: { customOptions: { coerceTypes: false } },
  });
  // self-registration per source address (issue 10 finding 6); an app built without the setting has none
  if (config.registerPerHour)
    app.decorate('registrations', new Throttle({ free: config.registerPerHour, baseMs: 60_000, maxMs: 3_600_000, forgetMs: 3_600_000 }));
  const sessions = new SessionCache((config.sessionCacheSeconds ?? 0) * 1000);
  app.decorate('sessions', sessions);
  app.decorate('routeSpecs', []);
  const unlisten = await sessions.listen(db);
  app.addHook('onClose', async () => unlisten());
  app.addHook('onClose', closePdfBrowser);
  // weighing stations' serial ports (modules/shopfloor/weighing)
  app.addHook('onClose', async () => closeAllReaders());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  refuseHostileStrings(app);
  await registerSecurityHeaders(app);
  registerHealth(app, db);
  registerMetrics(app, db, config.metricsToken);

  await app.register(swagger, {
    openapi: {
      info: { title: 'ERP API', version: '0.1.0' },
      servers: [{ url: config.apiBase || '/' }],
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'X-Access-Token' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  await registerFiles(app, config);

  await app.register(
    async (api) => {
      api.get('/platform/info', { schema: { hide: true } }, async () => ({ code: 200, data: { apiBase: config.apiBase } }));
      useControllers([...masterControllers, ...adminControllers, ...manufacturingControllers, ...qualityControllers, ...printingControllers]);
      useControllers(shopfloorControllers);
      useControllers(projectControllers);
      useMessenger({ send: sendMessage, publish: publishMessage });
      registerRoutes(api, db, [
        ...systemRoutes,
        ...messageRoutes,
        ...entityKitRoutes,
        ...commonRoutes,
        ...adminRoutes,
        ...inventoryRoutes,
        ...financeRoutes,
        ...manufacturingRoutes,
        ...workflowRoutes,
        ...crmRoutes,
        ...biddingRoutes,
        ...projectRoutes,
        ...shopfloorRoutes,
        ...labelRoutes,
        ...portalRoutes,
        ...qualityRoutes,
        ...textaiRoutes,
        ...printingRoutes,
        ...jobRoutes,
        ...jsherpRoutes,
      ]);
    },
    { prefix: config.apiBase },
  );
  registerJshErpDialect(app, db, config.apiBase);
  await registerRealtime(app, db);

  await serveWebApp(app, config);
  return app;
}
