import PDFDocument from 'pdfkit';
import { barcodePng } from './barcode.ts';
import { labelFont, MISSING_FONT, type LabelFont } from './fonts.ts';
import { labelLines, type LabelItem } from './label-text.ts';
import type { Template } from './template.ts';

const PT = 72 / 25.4;
const PAD = 1.5; // mm inside a label

type Doc = InstanceType<typeof PDFDocument>;
/** pdfkit's opened image (openImage is not in its types): placed many times, embedded once. */
type Image = PDFKit.Mixins.ImageSrc;
const openImage = (doc: Doc, png: Buffer) => (doc as unknown as { openImage(src: Buffer): Image }).openImage(png);

export interface SheetPdf {
  pdf: Buffer;
  pages: number;
  /** set when the CJK font is missing and the text was printed without it */
  warning?: string;
}

/** Sheets of labels: the template's grid on each page, left to right then down, as many pages as the labels fill (font: the machine's CJK font unless given). */
export async function sheetPdf(t: Template, items: LabelItem[], font: LabelFont | null = labelFont()): Promise<SheetPdf> {
  const doc = new PDFDocument({ size: [t.pageWidthMm * PT, t.pageHeightMm * PT], margin: 0, autoFirstPage: false, info: { Title: t.name } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  if (font) doc.registerFont('label', font.path, font.family);
  doc.font(font ? 'label' : 'Helvetica');
  const clean = (s: string) => (font ? s : s.replace(/[^\x20-\xff]/g, '?'));
  const images = new Map<string, Image>();
  const perSheet = t.columns * t.rows;
  for (let i = 0; i < items.length; i++) {
    const slot = i % perSheet;
    if (slot === 0) doc.addPage();
    const x = t.marginLeftMm + (slot % t.columns) * (t.widthMm + t.gapXMm);
    const y = t.marginTopMm + Math.floor(slot / t.columns) * (t.heightMm + t.gapYMm);
    const code = items[i].record.code;
    let img = images.get(code);
    if (!img) {
      img = openImage(doc, await barcodePng(t.symbology, code));
      images.set(code, img);
    }
    drawLabel(doc, t, x, y, img, labelLines(t, items[i]).map(clean));
  }
  doc.end();
  await ended;
  return { pdf: Buffer.concat(chunks), pages: Math.ceil(items.length / perSheet), ...(!font && { warning: MISSING_FONT }) };
}

/** One label at (x, y) mm: QR on the left with the text beside it; a linear barcode under the text. */
function drawLabel(doc: Doc, t: Template, x: number, y: number, img: Image, lines: string[]): void {
  const w = t.widthMm - 2 * PAD;
  const h = t.heightMm - 2 * PAD;
  const left = x + PAD;
  const top = y + PAD;
  if (t.symbology === 'qrcode') {
    const side = Math.min(h, lines.length ? w * 0.5 : w);
    doc.image(img, left * PT, (top + (h - side) / 2) * PT, { fit: [side * PT, side * PT] });
    drawLines(doc, lines, left + side + 1, top, w - side - 1, h);
    return;
  }
  const textH = lines.length ? Math.min(h * 0.5, lines.length * 4) : 0;
  drawLines(doc, lines, left, top, w, textH);
  const barTop = top + textH + (textH ? 0.5 : 0);
  doc.image(img, left * PT, barTop * PT, { fit: [w * PT, (top + h - barTop) * PT], align: 'center', valign: 'center' });
}

/** Lines in a box (mm): a size that fits the box's height (4–10 pt) and, if it can, its width; a line still too long is cut. */
function drawLines(doc: Doc, lines: string[], x: number, y: number, w: number, h: number): void {
  if (!lines.length || w <= 2) return;
  let size = Math.max(4, Math.min(10, ((h / lines.length) * PT) / 1.25));
  // smaller, down to 5 pt, until the widest line fits; what still does not is cut
  doc.fontSize(size);
  const widest = Math.max(...lines.map((l) => doc.widthOfString(l)));
  if (widest > w * PT) size = Math.max(Math.min(size, 5), (size * w * PT) / widest);
  const lineH = (size * 1.25) / PT;
  doc.fontSize(size);
  lines.slice(0, Math.max(1, Math.floor(h / lineH))).forEach((line, i) => {
    doc.text(fit(doc, line, w * PT), x * PT, (y + i * lineH) * PT, { lineBreak: false });
  });
}

function fit(doc: Doc, s: string, width: number): string {
  if (doc.widthOfString(s) <= width) return s;
  let cut = s;
  while (cut.length > 1 && doc.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}
