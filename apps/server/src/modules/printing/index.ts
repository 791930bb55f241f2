// Print templates and document PDFs (issue 24 item 4; docs/printing.md)
export { printingRoutes } from './printing.routes.ts';
import { printTemplateController } from './print-template.controller.ts';
export const printingControllers = [printTemplateController];
export { closePdfBrowser, htmlToPdf } from './pdf.ts';
export { printingDemoActivity } from './demo-activity.ts';
