import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BikeDetail } from '../../domain/bikes';

/** What is still worth adding to a bike, as links (pictures, receipt, equipment, frame number, activation). */
export function NextSteps({ bike }: { bike: BikeDetail }) {
  const { t } = useTranslation('bike');
  const base = `/app/my-bikes/${encodeURIComponent(bike.id)}`;
  const has = (kind: string) => bike.pictures.some((p) => p.kind === kind);
  const steps = [
    { key: 'publicPicture', done: has('public'), to: `${base}/edit#pictures` },
    { key: 'framePicture', done: has('frame_number'), to: `${base}/edit#pictures` },
    { key: 'receipt', done: bike.documents.some((d) => d.kind === 'receipt') || has('receipt'), to: `${base}?tab=documents` },
    { key: 'equipment', done: bike.equipment.length > 0, to: `${base}/edit/equipment` },
    { key: 'frameNumber', done: Boolean(bike.frame_number), to: `${base}/complete-confirm-missing-frame-number` },
    { key: 'activate', done: bike.flags.active, to: `${base}/attach-existing-credit` },
  ];
  return (
    <ul className="bike-steps">
      {steps.map((step) => (
        <li key={step.key} className={`bike-step${step.done ? ' bike-step-done' : ''}`}>
          <span className="bike-step-mark" aria-hidden="true">
            {step.done ? '✓' : '•'}
          </span>
          <div>
            {step.done ? (
              <span>
                {t(`steps.${step.key}.title`)} <span className="visually-hidden">({t('steps.done')})</span>
              </span>
            ) : (
              <Link to={step.to}>{t(`steps.${step.key}.title`)}</Link>
            )}
            <p className="muted">{step.done ? t('steps.done') : t(`steps.${step.key}.body`)}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
