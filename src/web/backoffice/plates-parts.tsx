import { useTranslation } from 'react-i18next';
import type { PlateState } from '../../domain/plates';

// What the plates pages share: the way to a batch and a plate's state as a badge.

export const batchPath = (batchId: string) => `/backoffice/plates/batches/${encodeURIComponent(batchId)}`;
export const platePath = (plateId: string) => `/backoffice/plates?plate=${encodeURIComponent(plateId)}`;

export function StateBadge({ state }: { state: PlateState }) {
  const { t } = useTranslation('backoffice-plates');
  return <span className={`plate-state plate-state-${state}`}>{t(`state.${state}`)}</span>;
}
