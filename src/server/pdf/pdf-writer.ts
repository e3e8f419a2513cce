import { type PDFDocument, type PDFFont, type PDFImage, type PDFPage, rgb } from 'pdf-lib';

// A small flowing layout for A4 PDFs with the standard Helvetica (WinAnsi has æ, ø and å): headings,
// label/value rows, wrapped text and pictures, with a new page whenever the current one is full. Used by
// the bill of sale (ownership) and the police report (theft). A document may carry a letterhead at the top
// of every page and "page X of Y" at the foot of each (numberPages, once everything is written).

const TOP = 790;
/** Where the content starts under a letterhead. */
const TOP_UNDER_LETTERHEAD = 752;
const BOTTOM = 50;
const LEFT = 50;
const WIDTH = 495;
const VALUE_X = 230;

/** Letters without a decomposition into a base letter and an accent. */
const BASE_LETTERS: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i', Ŀ: 'L', ŀ: 'l', Ŧ: 'T', ŧ: 't' };

/** The product's name (the logo text) at the top left of every page, and a line (its address) at the top right. */
export interface Letterhead {
  name: string;
  detail: string;
}

export class PdfWriter {
  private y: number;
  private page: PDFPage;
  private readonly chars: Set<number>;
  private readonly top: number;

  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
    private readonly letterhead: Letterhead | null = null,
  ) {
    this.chars = new Set(font.getCharacterSet());
    this.top = letterhead ? TOP_UNDER_LETTERHEAD : TOP;
    this.y = this.top;
    this.page = this.newPage();
  }

  private newPage(): PDFPage {
    const page = this.doc.addPage([595, 842]);
    const head = this.letterhead;
    if (head) {
      const name = this.clean(head.name);
      const detail = this.clean(head.detail);
      page.drawText(name, { x: LEFT, y: 800, size: 14, font: this.bold, color: rgb(0.1, 0.1, 0.1) });
      const width = this.font.widthOfTextAtSize(detail, 9);
      page.drawText(detail, { x: LEFT + WIDTH - width, y: 802, size: 9, font: this.font, color: rgb(0.4, 0.4, 0.4) });
      page.drawLine({ start: { x: LEFT, y: 790 }, end: { x: LEFT + WIDTH, y: 790 }, thickness: 1, color: rgb(0.1, 0.1, 0.1) });
    }
    return page;
  }

  /** Writes `label(page, count)` centred at the foot of every page; call it when the document is complete. */
  numberPages(label: (page: number, count: number) => string) {
    const pages = this.doc.getPages();
    pages.forEach((page, index) => {
      const text = this.clean(label(index + 1, pages.length));
      const width = this.font.widthOfTextAtSize(text, 8.5);
      page.drawText(text, { x: LEFT + (WIDTH - width) / 2, y: 25, size: 8.5, font: this.font, color: rgb(0.4, 0.4, 0.4) });
    });
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
      this.page = this.newPage();
      this.y = this.top;
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
