import { useTranslation } from 'react-i18next';
import type { Equipment } from '../../domain/bikes';
import { formatDate } from '../lib/intl';

/** The name of one piece of equipment: its product (and maker), else its type. */
export function useEquipmentName() {
  const { t } = useTranslation('bike-terms');
  return (item: Equipment) =>
    [item.manufacturer_name, item.product_name].filter(Boolean).join(' ') || t(`equipment.${item.item_type_memo}`);
}

/** What is known of one piece of equipment, as a description list. */
export function EquipmentFacts({ item }: { item: Equipment }) {
  const { t, i18n } = useTranslation(['bike', 'bike-terms']);
  const yes = t('details.yes');
  const no = t('details.no');
  const facts: [string, string | null][] = [
    [t('equipment.fields.type'), t(`bike-terms:equipment.${item.item_type_memo}`)],
    [t('equipment.fields.lockType'), item.lock_type_memo ? t(`bike-terms:lock.${item.lock_type_memo}`) : null],
    [t('equipment.fields.accessoryType'), item.accessory_type],
    [t('equipment.fields.serialNumbers'), item.serial_numbers.join(', ') || null],
    [t('equipment.fields.plateIds'), item.plate_ids.join(', ') || null],
    [t('equipment.fields.dnaPasteIds'), item.dna_paste_ids.join(', ') || null],
    [t('equipment.fields.varefakta'), item.varefakta_number],
    [t('equipment.fields.keyNumber'), item.physical_key_number],
    [t('equipment.fields.lockDate'), item.lock_date ? formatDate(item.lock_date, i18n.language) : null],
    [t('equipment.fields.frameMatch'), item.frame_number_match === null ? null : item.frame_number_match ? yes : no],
    [t('equipment.fields.signature'), item.has_signature === null ? null : item.has_signature ? yes : no],
    [t('equipment.fields.note'), item.note],
    [t('equipment.fields.documents'), item.documents.length > 0 ? String(item.documents.length) : null],
  ];
  return (
    <dl className="bike-facts bike-facts-compact">
      {facts
        .filter((fact): fact is [string, string] => Boolean(fact[1]))
        .map(([label, value]) => (
          <div key={label} className="bike-fact">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
