import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

// the reader's WebAssembly from node_modules (its default would fetch it from a CDN)
const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
prepareZXingModule({ overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer }, fireImmediately: true });

/** What zxing-cpp (zxing-wasm) reads in a PNG: format and text of each barcode found. */
export async function decodePng(png: Buffer): Promise<Array<{ format: string; text: string }>> {
  const found = await readBarcodes(new Uint8Array(png));
  return found.map((b) => ({ format: b.format, text: b.text }));
}
