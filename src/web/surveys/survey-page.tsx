import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { LocalizedText } from '../../domain/flows';
import { nextSurveyMemo, type SurveyList, type SurveyMemo, surveyPath } from '../../domain/surveys';
import { localized } from '../flows/flow-model';
import { FlowPage } from '../flows/flow-page';
import { api } from '../lib/api-client';
import './surveys.css';

/** One of the product's surveys: the flow engine's page with its steps at /survey/<name>/<step>, its end suggesting the next. */
function SurveyPage({ memo }: { memo: SurveyMemo }) {
  const { stepMemo } = useParams();
  const next = nextSurveyMemo(memo);
  return <FlowPage key={memo} memo={memo} basePath={surveyPath(memo)} stepMemo={stepMemo} endExtra={<NextSurvey memo={next} />} />;
}

/** /survey/addresses: home and work, picked on the map. */
export function AddressesSurveyPage() {
  return <SurveyPage memo="survey.addresses" />;
}
/** /survey/commuting-days: which days one goes to work and cycles, and the winter. */
export function CommutingDaysSurveyPage() {
  return <SurveyPage memo="survey.commuting-days" />;
}
/** /survey/pendler-travel: distance, means and time, ending with the commuting deduction. */
export function PendlerTravelSurveyPage() {
  return <SurveyPage memo="survey.pendler-travel" />;
}

/** At a survey's end: the next survey by its title (if it is open), else the way back to the list. */
function NextSurvey({ memo }: { memo: SurveyMemo | null }) {
  const { t, i18n } = useTranslation('surveys');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const [title, setTitle] = useState<LocalizedText | null>(null);
  useEffect(() => {
    if (!memo) return;
    const controller = new AbortController();
    api<SurveyList>('/surveys/', { signal: controller.signal }).then(
      (list) => setTitle(list.items.find((s) => s.memo === memo)?.title ?? null),
      // Without the list the link to all surveys below still leads on.
      () => undefined,
    );
    return () => controller.abort();
  }, [memo]);
  return (
    <nav className="survey-next" aria-label={t('next.label')}>
      {memo && title && (
        <p>
          <Link className="btn btn-primary" to={surveyPath(memo)}>
            {t('next.start', { title: localized(title, language) })}
          </Link>
        </p>
      )}
      {!memo && <p>{t('next.allDone')}</p>}
      <p>
        <Link to="/survey">{t('next.all')}</Link>
      </p>
    </nav>
  );
}
