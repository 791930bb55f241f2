/** jshERP's dialect of our API (issue 23): its own clients work against this server under /jshERP-boot. */
export { registerJshErpDialect, JSHERP_BASE } from './dialect.ts';
// migration from a jshERP database into a new company (docs/jsherp.md)
export { importJshErp, TENANT_EXISTS, type JshImportOptions } from './import/importer.ts';
export { formatReport, type ImportReport } from './import/report.ts';
// routes of ours answering what jshERP's client asks and no screen of ours needs yet
export { jsherpRoutes } from './routes.ts';
