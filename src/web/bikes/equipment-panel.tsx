import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BikeDetail } from '../../domain/bikes';
import { EquipmentFacts, useEquipmentName } from './equipment-summary';

/** The equipment tab: batteries, locks and accessories, and the way to add or change them. */
export function EquipmentPanel({ bike }: { bike: BikeDetail }) {
  const { t } = useTranslation('bike');
  const nameOf = useEquipmentName();
  const editPath = `/app/my-bikes/${encodeURIComponent(bike.id)}/edit/equipment`;
  return (
    <div className="bike-panel">
      <h2>{t('equipment.title')}</h2>
      <p className="muted">{t('equipment.lead')}</p>
      {bike.equipment.length === 0 ? (
        <p className="bike-empty">{t('equipment.empty')}</p>
      ) : (
        <ul className="bike-card-list">
          {bike.equipment.map((item) => (
            <li key={item.id} className="card bike-item-card">
              <h3>{nameOf(item)}</h3>
              <EquipmentFacts item={item} />
            </li>
          ))}
        </ul>
      )}
      <div className="actions">
        <Link to={editPath} className="btn btn-primary">
          {bike.equipment.length === 0 ? t('equipment.add') : t('equipment.manage')}
        </Link>
      </div>
    </div>
  );
}
