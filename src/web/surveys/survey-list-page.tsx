import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SurveyList, SurveySummary } from '../../domain/surveys';
import { localized } from '../flows/flow-model';
import { api } from '../lib/api-client';
import { useSession } from '../lib/session-store';
import { LoadError } from '../ui/load-error';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import './surveys.css';

type Load = { kind: 'loading' } | { kind: 'done'; list: SurveyList } | { kind: 'failed'; error: unknown };

/** §2 /survey: the open surveys, with how many steps each has and, signed in, which one has answered. */
export function SurveyListPage() {
  const { t } = useTranslation('surveys');
  const signedIn = useSession() !== null;
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    void attempt;
    void signedIn;
    const controller = new AbortController();
    setLoad((last) => (last.kind === 'done' ? last : { kind: 'loading' }));
    api<SurveyList>('/surveys/', { signal: controller.signal }).then(
      (list) => setLoad({ kind: 'done', list }),
      (error: unknown) => {
        if (!controller.signal.aborted) setLoad({ kind: 'failed', error });
      },
    );
    return () => controller.abort();
  }, [attempt, signedIn]);

  const list = load.kind === 'done' ? load.list : null;
  const answered = list?.items.filter((s) => s.answered).length ?? 0;
  return (
    <div className="surveys-page">
      <PageTitle description={t('list.lead')}>{t('list.title')}</PageTitle>
      <p className="surveys-lead">{t('list.lead')}</p>
      {load.kind === 'loading' && <Loading />}
      {load.kind === 'failed' && <LoadError error={load.error} onRetry={() => setAttempt((n) => n + 1)} />}
      {list && list.items.length === 0 && (
        <div className="surveys-empty">
          <h2>{t('list.emptyTitle')}</h2>
          <p>{t('list.emptyBody')}</p>
          <Link to="/">{t('list.home')}</Link>
        </div>
      )}
      {list && list.items.length > 0 && (
        <>
          {signedIn ? (
            <p className="surveys-progress" aria-live="polite">
              {t('list.progress', { count: list.items.length, answered })}
            </p>
          ) : (
            <p className="surveys-progress">
              {t('list.visitor')} <Link to="/login">{t('list.logIn')}</Link>
            </p>
          )}
          <ol className="surveys-items" aria-label={t('list.title')}>
            {list.items.map((survey) => (
              <SurveyCard key={survey.memo} survey={survey} />
            ))}
          </ol>
        </>
      )}
    </div>
  );
}

function SurveyCard({ survey }: { survey: SurveySummary }) {
  const { t, i18n } = useTranslation('surveys');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const title = localized(survey.title, language);
  const headingId = `survey-${survey.memo.replace(/\W/g, '-')}`;
  return (
    <li className="survey-card" aria-labelledby={headingId}>
      <div className="survey-card-text">
        <h2 id={headingId}>{title}</h2>
        {survey.description && <p>{localized(survey.description, language)}</p>}
        <p className="survey-card-meta">
          {t('list.steps', { count: survey.steps })}
          {survey.answered !== null && (
            <span className={survey.answered ? 'survey-state survey-state-done' : 'survey-state'}>
              {survey.answered ? t('list.answered') : t('list.notAnswered')}
            </span>
          )}
        </p>
      </div>
      <Link className={survey.answered ? 'btn btn-secondary' : 'btn btn-primary'} to={survey.path} aria-describedby={headingId}>
        {survey.answered ? t('list.again') : t('list.start')}
      </Link>
    </li>
  );
}
