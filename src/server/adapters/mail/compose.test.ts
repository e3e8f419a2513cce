import { describe, expect, it } from 'vitest';
import { composeMail } from './compose.js';

describe('composeMail', () => {
  it('lays out greeting, paragraphs, button with its link, small print and sign-off, in the language', () => {
    const mail = composeMail('no', {
      to: 'a@example.com',
      subject: 'Emne',
      paragraphs: ['Første', 'Andre'],
      action: { label: 'Åpne', url: 'https://x.example/a?b=1&c=2' },
      smallPrint: 'Liten tekst',
    });
    expect(mail.text).toBe(
      'Hei,\n\nFørste\n\nAndre\n\nÅpne: https://x.example/a?b=1&c=2\n\nLiten tekst\n\nVennlig hilsen\nSykkelregisteret',
    );
    expect(mail.html).toContain('<html lang="no">');
    expect(mail.html).toContain('href="https://x.example/a?b=1&#38;c=2"');
    expect(mail).toMatchObject({ to: 'a@example.com', subject: 'Emne' });
  });

  it('escapes what it is given in the HTML, and leaves out what is not given', () => {
    const mail = composeMail('en', { to: 'a@example.com', subject: 's', paragraphs: ['<b>bold</b>'] });
    expect(mail.html).toContain('&#60;b&#62;bold&#60;/b&#62;');
    expect(mail.html).not.toContain('<a ');
    expect(mail.text).toBe('Hello,\n\n<b>bold</b>\n\nKind regards\nThe Bike Register');
  });
});
