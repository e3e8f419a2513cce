import { type PDFDocument, type PDFFont, type PDFImage, type PDFPage, rgb } from 'pdf-lib';

// A small flowing layout for A4 PDFs with the standard Helvetica (WinAnsi has æ, ø and å): headings,
// label/value rows, wrapped text and pictures, with a new page whenever the current one is full. Used by
// the bill of sale (ownership) and the police report (theft).

const TOP = 790;
const BOTTOM = 50;
const LEFT = 50;
const WIDTH = 495;
const VALUE_X = 230;

/** Letters without a decomposition into a base letter and an accent. */
const BASE_LETTERS: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i', Ŀ: 'L', ŀ: 'l', Ŧ: 'T', ŧ: 't' };

export class PdfWriter {
  private y = TOP;
  private page: PDFPage;
  private readonly chars: Set<number>;

  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.page = doc.addPage([595, 842]);
    this.chars = new Set(font.getCharacterSet());
  }

  /** A letter WinAnsi lacks is written without its accent (ś → s, Ł → L) when that helps, else as "?"; odd spaces as spaces. */
  clean(text: string): string {
    const has = (c: string) => this.chars.has(c.codePointAt(0) ?? 0);
    return [...text.replace(/[\u2009\u202f\u00a0]/g, ' ').replace(/[\r\t]/g, ' ')]
      .map((c) => {
        if (c === '\n' || has(c)) return c;
        const plain = BASE_LETTERS[c] ?? c.normalize('NFKD').replace(/\p{M}/gu, '');
        return plain && [...plain].every(has) ? plain : '?';
      })
      .join('');
  }

  private room(height: number) {
    if (this.y - height < BOTTOM) {
      this.page = this.doc.addPage([595, 842]);
      this.y = TOP;
    }
  }

  /** Lines no wider than `width`; long words are cut, line breaks in the text are kept. */
  private wrap(text: string, size: number, width: number, font: PDFFont): string[] {
    const lines: string[] = [];
    for (const paragraph of this.clean(text).split('\n')) {
      let line = '';
      for (const word of paragraph.split(' ')) {
        let rest = word;
        while (font.widthOfTextAtSize(rest, size) > width) {
          let cut = rest.length - 1;
          while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut -= 1;
          if (line) lines.push(line);
          lines.push(rest.slice(0, cut));
          line = '';
          rest = rest.slice(cut);
        }
        const next = line ? `${line} ${rest}` : rest;
        if (font.widthOfTextAtSize(next, size) > width) {
          lines.push(line);
          line = rest;
        } else line = next;
      }
      lines.push(line);
    }
    return lines;
  }

  text(text: string, options: { size?: number; bold?: boolean; grey?: boolean } = {}) {
    const size = options.size ?? 10.5;
    const font = options.bold ? this.bold : this.font;
    for (const line of this.wrap(text, size, WIDTH, font)) {
      this.room(size + 4);
      this.page.drawText(line, { x: LEFT, y: this.y, size, font, color: options.grey ? rgb(0.4, 0.4, 0.4) : rgb(0.1, 0.1, 0.1) });
      this.y -= size + 4;
    }
  }

  /** A section heading with a rule under it; `subtitle` (e.g. the English heading) in small grey under that. */
  heading(text: string, subtitle?: string | null) {
    this.gap(12);
    this.room(40);
    this.text(text, { size: 13, bold: true });
    this.page.drawLine({
      start: { x: LEFT, y: this.y + 10 },
      end: { x: LEFT + WIDTH, y: this.y + 10 },
      thickness: 0.5,
      color: rgb(0.7, 0.7, 0.7),
    });
    if (subtitle) this.text(subtitle, { size: 9, grey: true });
    this.gap(4);
  }

  row(label: string, value: string) {
    const labels = this.wrap(label, 10, VALUE_X - LEFT - 10, this.font);
    const values = this.wrap(value, 10.5, LEFT + WIDTH - VALUE_X, this.font);
    const count = Math.max(labels.length, values.length, 1);
    this.room(count * 14.5);
    for (let i = 0; i < count; i += 1) {
      const l = labels[i];
      const v = values[i];
      if (l) this.page.drawText(l, { x: LEFT, y: this.y, size: 10, font: this.font, color: rgb(0.4, 0.4, 0.4) });
      if (v) this.page.drawText(v, { x: VALUE_X, y: this.y, size: 10.5, font: this.font, color: rgb(0.1, 0.1, 0.1) });
      this.y -= 14.5;
    }
  }

  /** A picture at most `maxWidth` × `maxHeight` points, with a caption under it. */
  image(image: PDFImage, caption: string, maxWidth = 320, maxHeight = 240) {
    const scale = Math.min(maxWidth / image.width, maxHeight / image.height, 1);
    const width = image.width * scale;
    const height = image.height * scale;
    this.room(height + 22);
    this.page.drawImage(image, { x: LEFT, y: this.y - height, width, height });
    this.y -= height + 12;
    this.text(caption, { size: 9, grey: true });
    this.gap(6);
  }

  gap(height: number) {
    this.y -= height;
  }
}
