import type { Page } from '@playwright/test';

/**
 * The addresses a page asked for in its own first load: everything before §9's prefetch began fetching the next
 * pages' code (the performance mark `prefetch-start`, set by app/route-prefetch.tsx), or all of them if it has not.
 */
export async function firstLoadRequests(page: Page): Promise<Set<string>> {
  const names = await page.evaluate(() => {
    const start = performance.getEntriesByName('prefetch-start')[0]?.startTime ?? Number.POSITIVE_INFINITY;
    return performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime < start)
      .map((entry) => entry.name);
  });
  return new Set(names);
}
