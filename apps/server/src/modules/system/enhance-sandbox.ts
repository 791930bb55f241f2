import crypto from 'node:crypto';
import { defineRoute, Raw } from '../../platform/http/route.ts';

/**
 * The frame the custom enhancement script runs in (issue 24). Its own policy makes it a sandbox: an opaque origin
 * (no cookies, no local storage, so no token), no network (default-src 'none'), scripts only its own (nonce) and the
 * company's code through Function. The page posts {type: 'erp-enhance-run', code, ctx}; the frame answers
 * erp-enhance-done, erp-enhance-notify {text} (the script's api.notify) or erp-enhance-error {message}.
 */
const RUNNER = `
window.addEventListener('message', function (e) {
  var d = e.data;
  if (!d || d.type !== 'erp-enhance-run' || typeof d.code !== 'string') return;
  var api = { notify: function (text) { parent.postMessage({ type: 'erp-enhance-notify', text: String(text).slice(0, 500) }, '*'); } };
  try {
    new Function('ctx', 'api', d.code)(d.ctx || {}, api);
    parent.postMessage({ type: 'erp-enhance-done' }, '*');
  } catch (err) {
    parent.postMessage({ type: 'erp-enhance-error', message: String((err && err.message) || err).slice(0, 500) }, '*');
  }
});
parent.postMessage({ type: 'erp-enhance-ready' }, '*');`;

export const enhanceRoutes = [
  defineRoute({
    method: 'GET',
    url: '/enhance/sandbox',
    invalidates: false,
    summary: 'The sandboxed frame the company’s custom enhancement script runs in (browser only; HTML)',
    tags: ['systemConfig'],
    access: 'public',
    handler: async ({ reply }) => {
      const nonce = crypto.randomBytes(16).toString('base64');
      reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-security-policy', `sandbox allow-scripts; default-src 'none'; script-src 'nonce-${nonce}' 'unsafe-eval'; frame-ancestors 'self'`)
        .header('cache-control', 'no-store');
      return new Raw(`<!doctype html><meta charset="utf-8"><title>enhance</title><script nonce="${nonce}">${RUNNER}</script>`);
    },
  }),
];
