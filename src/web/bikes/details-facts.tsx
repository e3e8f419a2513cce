import { useTranslation } from 'react-i18next';
import type { Bike } from '../../domain/bikes';
import { formatDate } from '../lib/intl';
import { formatPrice } from './bike-format';
import { brandName } from './bike-terms';

/** The bike's fields as a description list (details tab, complete-confirm). */
export function DetailsFacts({ bike }: { bike: Bike }) {
  const { t, i18n } = useTranslation(['bike', 'bike-terms']);
  const none = t('details.none');
  const rows: [string, string][] = [
    [t('bike-terms:field.frame_number'), bike.frame_number ?? none],
    [t('bike-terms:field.bikekey_id'), bike.bikekey_id ?? none],
    [t('bike-terms:field.nickname'), bike.nickname ?? none],
    [t('bike-terms:field.brand'), brandName(bike) ?? none],
    [t('bike-terms:field.model'), bike.model ?? none],
    [t('bike-terms:field.color_id'), bike.color_id ? t(`bike-terms:color.${bike.color_id}`) : none],
    [t('bike-terms:field.category_id'), bike.category_id ? t(`bike-terms:category.${bike.category_id}`) : none],
    [t('bike-terms:field.type_id'), bike.type_id ? t(`bike-terms:type.${bike.type_id}`) : none],
    [t('bike-terms:field.is_electric'), bike.is_electric ? t('details.yes') : t('details.no')],
    [t('bike-terms:field.production_year'), bike.production_year ? String(bike.production_year) : none],
    [t('bike-terms:field.purchase_date'), formatDate(bike.purchase_date, i18n.language) || none],
    [t('bike-terms:field.normal_price_dkk'), formatPrice(bike.normal_price_dkk, i18n.language) || none],
    [t('bike-terms:field.searchable'), bike.flags.searchable ? t('details.yes') : t('details.no')],
    [t('details.registeredOn'), formatDate(bike.registered_on, i18n.language)],
  ];

  return (
    <dl className="bike-facts">
      {rows.map(([label, value]) => (
        <div key={label} className="bike-fact">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
