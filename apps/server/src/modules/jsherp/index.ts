/** jshERP's dialect of our API (issue 23): its own clients work against this server under /jshERP-boot. */
export { registerJshErpDialect, JSHERP_BASE } from './dialect.ts';
