import { useEffect } from 'react';
import { showFlowTheme } from '../lib/theme';

/** The NAF member flow is shown in NAF's theme throughout (§1 nafBrand); leaving it brings back the site's theme. */
export function useNafTheme(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    showFlowTheme('nafBrand');
    return () => showFlowTheme(null);
  }, [active]);
}
