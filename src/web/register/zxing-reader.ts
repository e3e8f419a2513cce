import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

// The QR reader for browsers without BarcodeDetector: zxing compiled to WebAssembly (~1 MB), loaded only
// when an owner chooses a picture of a plate. Its .wasm comes from this site, never a CDN (closed network).
prepareZXingModule({
  overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
  fireImmediately: true,
});

/** The texts of the QR codes in an image, best first. */
export async function readQrTexts(image: Blob | ImageData): Promise<string[]> {
  const results = await readBarcodes(image, { formats: ['QRCode'], tryHarder: true, maxNumberOfSymbols: 4 });
  return results.filter((r) => r.isValid && r.text).map((r) => r.text);
}
