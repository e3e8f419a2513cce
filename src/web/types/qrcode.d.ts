// The qrcode package's browser build, which the web imports directly: @types/qrcode describes the Node entry
// and pulls in Node's types (streams, Buffer), which the web must not see. Only what the web calls is declared.
declare module 'qrcode/lib/browser' {
  const QRCode: {
    toString(text: string, options: { type: 'svg'; margin?: number; errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H' }): Promise<string>;
  };
  export default QRCode;
}
