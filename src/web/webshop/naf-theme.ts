import { useEffect } from 'react';
import { normaliseTheme } from '../../domain/locale';
import { applyTheme } from '../lib/theme';

/** The NAF member flow is shown in NAF's theme throughout (§1 nafBrand); leaving it brings back the site's theme. */
export function useNafTheme(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const before = normaliseTheme(document.documentElement.dataset.theme);
    applyTheme('nafBrand');
    return () => applyTheme(before);
  }, [active]);
}
