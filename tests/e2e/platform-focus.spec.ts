import { expect, type Locator, test } from '@playwright/test';

// WCAG 2.2 focus appearance: the ring a keyboard user follows contrasts at least 3:1 with what it sits on.
// For each focused control the browser's own computed style is read (box-shadow layers and outline), each
// ring colour is blended over what lies behind it, and two things must hold: some ring contrasts 3:1 with the
// background around the control, and some ring contrasts 3:1 with the control's own background (a dark
// button needs a light halo, a white field a dark ring).

/** [r, g, b, a]: channels 0–255, alpha 0–1. */
type Rgba = [number, number, number, number];
type Rgb = [number, number, number];

interface Ring {
  /** The rings from the control outwards, with their thickness in px. */
  rings: { color: Rgba; width: number }[];
  own: Rgba;
  around: Rgba;
}

async function focusRing(control: Locator): Promise<Ring> {
  await control.focus();
  return control.evaluate((element) => {
    if (!element.matches(':focus-visible')) throw new Error('not :focus-visible');
    // rgb(…)/rgba(…) in 0–255, or color(srgb …) in 0–1 (what color-mix() computes to).
    const parse = (text: string): [number, number, number, number] => {
      const parts =
        text
          .replace(/^color\(srgb/, '')
          .match(/[\d.]+/g)
          ?.map(Number) ?? [];
      const scale = text.startsWith('color(') ? 255 : 1;
      return [(parts[0] ?? 0) * scale, (parts[1] ?? 0) * scale, (parts[2] ?? 0) * scale, parts[3] ?? 1];
    };
    const background = (from: Element | null): [number, number, number, number] => {
      for (let e = from; e; e = e.parentElement) {
        const colour = parse(getComputedStyle(e).backgroundColor);
        if (colour[3] > 0) return colour;
      }
      return [255, 255, 255, 1];
    };
    const style = getComputedStyle(element);
    const rings: { color: [number, number, number, number]; width: number }[] = [];
    if (style.boxShadow !== 'none') {
      // "rgb(…) 0px 0px 0px 2px, rgba(…) 0px 0px 0px 4px": the first layer is drawn on top.
      for (const layer of style.boxShadow.split(/,(?![^(]*\))/)) {
        const colour = layer.match(/(rgba?|color)\([^)]*\)/)?.[0] ?? 'rgba(0,0,0,0)';
        const lengths =
          layer
            .replace(colour, '')
            .match(/-?[\d.]+px/g)
            ?.map((l) => Number.parseFloat(l)) ?? [];
        const spread = lengths[3] ?? 0;
        if (spread > 0 && !layer.includes('inset')) rings.push({ color: parse(colour), width: spread });
      }
      // Spreads are measured from the control: each ring's own thickness is what the one inside leaves.
      rings.sort((a, b) => a.width - b.width);
      const spreads = rings.map((r) => r.width);
      rings.forEach((r, i) => {
        r.width -= spreads[i - 1] ?? 0;
      });
    }
    if (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0) {
      const colour = parse(style.outlineColor);
      if (colour[3] > 0) rings.push({ color: colour, width: Number.parseFloat(style.outlineWidth) });
    }
    return { rings, own: background(element), around: background(element.parentElement) };
  });
}

function luminance([r, g, b]: Rgb): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

function contrast(a: Rgb, b: Rgb): number {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/** A colour with alpha drawn over an opaque one. */
function over(top: Rgba, bottom: Rgb | Rgba): Rgb {
  const a = top[3];
  return [top[0] * a + bottom[0] * (1 - a), top[1] * a + bottom[1] * (1 - a), top[2] * a + bottom[2] * (1 - a)];
}

function expectVisibleRing(name: string, ring: Ring) {
  const solid = ring.rings.filter((r) => r.width >= 2).map((r) => over(r.color, ring.around));
  const best = (against: Rgb) => Math.max(0, ...solid.map((colour) => contrast(colour, against)));
  expect(best(over(ring.around, [255, 255, 255])), `${name}: a ring against the background around it`).toBeGreaterThanOrEqual(3);
  expect(best(over(ring.own, ring.around)), `${name}: a ring against its own background`).toBeGreaterThanOrEqual(3);
}

test('the keyboard focus ring contrasts at least 3:1 with the page and with the control it surrounds', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Keyboard use: Chromium shows :focus-visible for focus moved by script once the last input was a key.
  await page.keyboard.press('Tab');

  const main = page.getByRole('main');
  expectVisibleRing('email field', await focusRing(main.getByLabel('E-mail')));
  expectVisibleRing('primary button', await focusRing(main.getByRole('button', { name: 'Log ind' })));
  expectVisibleRing('link in the form', await focusRing(main.getByRole('link').first()));
  expectVisibleRing('header link', await focusRing(page.getByRole('banner').getByRole('link', { name: 'Opret bruger' })));
});
