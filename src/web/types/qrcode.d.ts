// The browser's view of the qrcode package: @types/qrcode pulls in Node's types (streams, Buffer), which
// the web must not see (tsconfig.web.json maps 'qrcode' here). Only what the web calls is declared.
declare const QRCode: {
  toString(text: string, options: { type: 'svg'; margin?: number; errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H' }): Promise<string>;
};
export default QRCode;
