import { useTranslation } from 'react-i18next';
import type { MapFilters } from '../../domain/stolen-map';
import { SelectField } from '../ui/field';
import { CATEGORIES, PERIODS, REGIONS } from './map-filters';

/** The filters; each change applies at once (and goes into the address). */
export function MapFiltersForm({ filters, onChange }: { filters: MapFilters; onChange: (next: MapFilters) => void }) {
  const { t } = useTranslation(['stolen-map', 'bike-card']);
  const electric = filters.electric === undefined ? 'any' : filters.electric ? 'yes' : 'no';
  return (
    <form className="stolen-filters" aria-label={t('filters.label')} onSubmit={(event) => event.preventDefault()}>
      <SelectField
        label={t('filters.period')}
        name="period"
        value={filters.period}
        options={PERIODS.map((value) => ({ value, label: t(`filters.periods.${value}`) }))}
        onChange={(e) => onChange({ ...filters, period: e.target.value as MapFilters['period'] })}
      />
      <SelectField
        label={t('filters.region')}
        name="region"
        value={filters.region}
        options={REGIONS.map((value) => ({ value, label: t(`filters.regions.${value}`) }))}
        onChange={(e) => onChange({ ...filters, region: e.target.value as MapFilters['region'] })}
      />
      <SelectField
        label={t('filters.category')}
        name="category"
        value={filters.category ?? ''}
        options={[
          { value: '', label: t('filters.anyCategory') },
          ...CATEGORIES.map((value) => ({ value, label: t(`bike-card:category.${value}`) })),
        ]}
        onChange={(e) => onChange({ ...filters, category: (e.target.value || undefined) as MapFilters['category'] })}
      />
      <SelectField
        label={t('filters.electric')}
        name="electric"
        value={electric}
        options={(['any', 'yes', 'no'] as const).map((value) => ({ value, label: t(`filters.electricValues.${value}`) }))}
        onChange={(e) => onChange({ ...filters, electric: e.target.value === 'any' ? undefined : e.target.value === 'yes' })}
      />
    </form>
  );
}
