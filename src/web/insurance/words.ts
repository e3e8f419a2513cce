/** A bike as the insurer's pages name it: brand and model, or the given fallback. */
export function bikeName(bike: { brand: string | null; model: string | null }, unnamed: string): string {
  return [bike.brand, bike.model].filter(Boolean).join(' ') || unnamed;
}
