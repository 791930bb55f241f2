import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

/**
 * Security headers for the web app and the API (issue 10 finding 8), from @fastify/helmet. The policy
 * is what the app needs and no more: its own scripts only (Vite emits no inline script); inline styles,
 * because antd writes its CSS-in-JS into <style> tags; images from uploads, data: and blob: (previews,
 * charts exported as images); WebSocket to the same host for the bell; frames of our own pages and of
 * http(s) print tools (SPEC §2.3 frame screens); and the app itself may be framed only by itself.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameSrc: ["'self'", 'http:', 'https:'],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // the API is called from this origin only; cross-origin isolation would break file downloads in frames
    crossOriginEmbedderPolicy: false,
  });
}
