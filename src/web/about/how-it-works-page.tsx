import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../ui/page';
import {
  AccountDrawing,
  BackDrawing,
  FoundDrawing,
  PapersDrawing,
  PlateDrawing,
  RegisterDrawing,
  StolenDrawing,
} from './how-illustrations';
import './about.css';

/** From registering to getting a stolen bike back, in the order it happens. */
const STEPS: { id: string; Drawing: ComponentType }[] = [
  { id: 'account', Drawing: AccountDrawing },
  { id: 'register', Drawing: RegisterDrawing },
  { id: 'plate', Drawing: PlateDrawing },
  { id: 'papers', Drawing: PapersDrawing },
  { id: 'stolen', Drawing: StolenDrawing },
  { id: 'found', Drawing: FoundDrawing },
  { id: 'back', Drawing: BackDrawing },
];

/** /hvordan (§2, public): how the register works, step by step. */
export function HowItWorksPage() {
  const { t } = useTranslation('about');
  return (
    <article className="about-page">
      <PageTitle description={t('how.description')}>{t('how.title')}</PageTitle>
      <p className="about-lead">{t('how.lead')}</p>
      <ol className="how-steps">
        {STEPS.map(({ id, Drawing }, index) => (
          <li key={id} className="how-step" aria-labelledby={`how-${id}`}>
            <Drawing />
            <div>
              <p className="how-step-number">{t('how.step', { number: index + 1 })}</p>
              <h2 id={`how-${id}`}>{t(`how.steps.${id}.title`)}</h2>
              <p>{t(`how.steps.${id}.body`)}</p>
            </div>
          </li>
        ))}
      </ol>
      <section aria-labelledby="how-selling" className="card">
        <h2 id="how-selling">{t('how.sellingTitle')}</h2>
        <p>{t('how.selling')}</p>
      </section>
      <div className="actions">
        <Link to="/app/register-bike" className="btn btn-primary">
          {t('how.start')}
        </Link>
        <Link to="/stolen-bike-map" className="btn btn-secondary">
          {t('how.map')}
        </Link>
      </div>
    </article>
  );
}
