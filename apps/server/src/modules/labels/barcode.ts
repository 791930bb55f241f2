import bwipjs from 'bwip-js/node';
import { ean13Of } from './ean.ts';
import type { Template } from './template.ts';

const BCID: Record<Template['symbology'], string> = { code128: 'code128', qrcode: 'qrcode', ean13: 'ean13' };

/** What the barcode encodes for a record's code: EAN-13 gets (or checks) its check digit, refusing a code that cannot be one. */
export function barcodeText(symbology: Template['symbology'], code: string): string {
  return symbology === 'ean13' ? ean13Of(code) : code;
}

/**
 * The barcode as a PNG (bwip-js): white background and a quiet zone, so a scanner (and the decoder of the
 * tests) reads it; the PDF sheets place this same image.
 */
export async function barcodePng(symbology: Template['symbology'], code: string): Promise<Buffer> {
  const linear = symbology !== 'qrcode';
  return bwipjs.toBuffer({
    bcid: BCID[symbology],
    text: barcodeText(symbology, code),
    scale: 2,
    ...(linear && { height: 12 }),
    includetext: symbology === 'ean13',
    textxalign: 'center',
    paddingwidth: 8,
    paddingheight: 4,
    backgroundcolor: 'FFFFFF',
  });
}
