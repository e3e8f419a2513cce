import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../ui/page';
import './about.css';

const PRINCIPLES = ['privacy', 'trust', 'yours', 'everyone'] as const;
const SECTIONS = ['problem', 'answer'] as const;

/** /our-mission (§2, public): why the register exists and what it holds to. */
export function MissionPage() {
  const { t } = useTranslation('about');
  return (
    <article className="about-page">
      <PageTitle description={t('mission.description')}>{t('mission.title')}</PageTitle>
      <p className="about-lead">{t('mission.lead')}</p>
      {SECTIONS.map((section) => (
        <section key={section} aria-labelledby={`mission-${section}`}>
          <h2 id={`mission-${section}`}>{t(`mission.${section}.title`)}</h2>
          <p>{t(`mission.${section}.body`)}</p>
        </section>
      ))}
      <section aria-labelledby="mission-principles">
        <h2 id="mission-principles">{t('mission.principles.title')}</h2>
        <ul className="about-points">
          {PRINCIPLES.map((principle) => (
            <li key={principle}>{t(`mission.principles.${principle}`)}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="mission-where">
        <h2 id="mission-where">{t('mission.where.title')}</h2>
        <p>{t('mission.where.body')}</p>
      </section>
      <div className="actions">
        <Link to="/hvordan" className="btn btn-primary">
          {t('mission.how')}
        </Link>
        <Link to="/advisory-board" className="btn btn-secondary">
          {t('mission.board')}
        </Link>
      </div>
    </article>
  );
}
