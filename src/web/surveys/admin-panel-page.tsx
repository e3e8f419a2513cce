import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { SurveyStats, SurveySummary } from '../../domain/flow-admin';
import { BACKOFFICE_READ_ROLES } from '../../domain/roles';
import { api } from '../lib/api-client';
import { fetchFile } from '../lib/download-file';
import { formatDate } from '../lib/intl';
import { useProfile } from '../lib/profile';
import { queryClient } from '../lib/query-client';
import { useSession } from '../lib/session-store';
import { Button } from '../ui/button';
import { DownloadButton } from '../ui/download-button';
import { SelectField, TextField } from '../ui/field';
import { LoadError } from '../ui/load-error';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import './admin-panel.css';

// /survey/admin-panel (issue 16): for staff (the revisor reads too), the answers of each survey flow: counts per day
// as bars, the distribution of each choice, filters kept in the address (?survey=&from=&to=&version=) and the CSV export.

const DATE = /^\d{4}-\d{2}-\d{2}$/;

interface PanelFilters {
  survey: string;
  from: string;
  to: string;
  version: string;
}

function filtersOf(params: URLSearchParams): PanelFilters {
  const get = (key: string, pattern?: RegExp) => {
    const value = params.get(key)?.trim() ?? '';
    return !pattern || pattern.test(value) ? value : '';
  };
  return { survey: get('survey'), from: get('from', DATE), to: get('to', DATE), version: get('version', /^\d{1,6}$/) };
}

/** The address of another survey: the same days, every version (the versions are the survey's own). */
function surveyLink(params: URLSearchParams, memo: string): string {
  const next = new URLSearchParams(params);
  next.set('survey', memo);
  next.delete('version');
  return next.toString();
}

function rangeQuery(filters: PanelFilters): string {
  const params = new URLSearchParams();
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.version) params.set('version', filters.version);
  const text = params.toString();
  return text ? `?${text}` : '';
}

function useSurveys() {
  const me = useSession()?.identity_party_id ?? '';
  return useQuery({
    queryKey: ['backoffice', 'surveys', me],
    queryFn: ({ signal }) => api<{ items: SurveySummary[] }>('/backoffice/surveys', { signal }),
    enabled: me !== '',
  });
}

function useSurveyStats(memo: string, filters: PanelFilters) {
  const me = useSession()?.identity_party_id ?? '';
  return useQuery({
    queryKey: ['backoffice', 'surveys', me, memo, filters.from, filters.to, filters.version],
    queryFn: ({ signal }) => api<SurveyStats>(`/backoffice/surveys/${encodeURIComponent(memo)}/stats${rangeQuery(filters)}`, { signal }),
    enabled: me !== '' && memo !== '',
  });
}

/** A public route (it lives under /survey), so it brings the query client the signed-in layout would give. */
export function SurveyAdminPanelPage() {
  return (
    <QueryClientProvider client={queryClient}>
      <PanelForStaff />
    </QueryClientProvider>
  );
}

function PanelForStaff() {
  const { t } = useTranslation('flow-admin');
  const profile = useProfile();
  if (profile.isPending) return <Loading />;
  if (profile.isError) return <LoadError error={profile.error} onRetry={() => void profile.refetch()} retrying={profile.isFetching} />;
  if (!(BACKOFFICE_READ_ROLES as readonly string[]).includes(profile.data.role)) {
    return (
      <div className="survey-panel">
        <PageTitle>{t('panel.notForYou')}</PageTitle>
        <p>{t('panel.notForYouBody')}</p>
        <Link to="/survey">{t('panel.toSurveys')}</Link>
      </div>
    );
  }
  return <Panel />;
}

function Panel() {
  const { t } = useTranslation('flow-admin');
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const surveys = useSurveys();
  const items = surveys.data?.items ?? [];
  const memo = items.some((s) => s.memo === filters.survey) ? filters.survey : (items[0]?.memo ?? '');
  const apply = (next: PanelFilters) => setParams(Object.fromEntries(Object.entries(next).filter(([, v]) => v)));
  return (
    <div className="survey-panel">
      <PageTitle>{t('panel.title')}</PageTitle>
      <p className="survey-panel-lead">{t('panel.lead')}</p>
      {surveys.isPending ? (
        <Loading />
      ) : surveys.isError ? (
        <LoadError error={surveys.error} onRetry={() => void surveys.refetch()} retrying={surveys.isFetching} />
      ) : items.length === 0 ? (
        <p className="survey-panel-empty">{t('panel.noSurveys')}</p>
      ) : (
        <>
          <section aria-labelledby="survey-list">
            <h2 id="survey-list">{t('panel.surveys')}</h2>
            <ul className="survey-panel-surveys">
              {items.map((s) => (
                <li key={s.memo}>
                  <Link to={`?${surveyLink(params, s.memo)}`} aria-current={s.memo === memo ? 'true' : undefined}>
                    <span className="survey-panel-name">{s.title || s.memo}</span>
                    <span className="survey-panel-count">{t('panel.responses', { count: s.responses })}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
          <Filters key={params.toString()} filters={{ ...filters, survey: memo }} surveys={items} onApply={apply} />
          <Stats memo={memo} filters={filters} />
        </>
      )}
    </div>
  );
}

function Filters({ filters, surveys, onApply }: { filters: PanelFilters; surveys: SurveySummary[]; onApply: (f: PanelFilters) => void }) {
  const { t } = useTranslation('flow-admin');
  const [form, setForm] = useState(filters);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(form);
  };
  return (
    <form className="survey-panel-filters" onSubmit={submit} aria-label={t('answers.filters')}>
      <SelectField
        label={t('panel.survey')}
        value={form.survey}
        onChange={(e) => setForm({ ...form, survey: e.target.value, version: '' })}
        options={surveys.map((s) => ({ value: s.memo, label: s.title || s.memo }))}
      />
      <SelectField
        label={t('answers.version')}
        value={form.version}
        onChange={(e) => setForm({ ...form, version: e.target.value })}
        placeholder={t('answers.allVersions')}
        options={(surveys.find((s) => s.memo === form.survey)?.versions ?? []).map((v) => ({
          value: String(v),
          label: t('list.version', { version: v }),
        }))}
      />
      <TextField type="date" label={t('answers.from')} value={form.from} onChange={(e) => setForm({ ...form, from: e.target.value })} />
      <TextField type="date" label={t('answers.to')} value={form.to} onChange={(e) => setForm({ ...form, to: e.target.value })} />
      <Button type="submit" variant="secondary">
        {t('answers.apply')}
      </Button>
    </form>
  );
}

function Stats({ memo, filters }: { memo: string; filters: PanelFilters }) {
  const { t, i18n } = useTranslation('flow-admin');
  const stats = useSurveyStats(memo, filters);
  if (stats.isPending) return <Loading />;
  if (stats.isError) return <LoadError error={stats.error} onRetry={() => void stats.refetch()} retrying={stats.isFetching} />;
  const s = stats.data;
  const language = i18n.resolvedLanguage;
  const most = Math.max(1, ...s.per_day.map((d) => d.count));
  return (
    <section aria-labelledby="survey-stats" className="survey-panel-stats">
      <h2 id="survey-stats">{s.title || s.memo}</h2>
      <p>
        {t('panel.period', { from: formatDate(s.from, language, 'medium'), to: formatDate(s.to, language, 'medium') })}{' '}
        <strong>{t('panel.responses', { count: s.total })}</strong>
      </p>
      <DownloadButton
        label={t('answers.csv')}
        fileName={`${memo}-${s.from}-${s.to}.csv`}
        fetchFile={() => fetchFile(`/api/backoffice/surveys/${encodeURIComponent(memo)}/responses.csv${rangeQuery(filters)}`)}
      />
      <h3>{t('panel.perDay')}</h3>
      {s.total === 0 ? (
        <p className="survey-panel-empty">{t('panel.noAnswers')}</p>
      ) : (
        <>
          <ol className="survey-panel-days" aria-label={t('panel.perDay')}>
            {s.per_day.map((d) => (
              <li key={d.day} title={`${formatDate(d.day, language, 'medium')}: ${d.count}`}>
                <span className="survey-panel-day-bar" style={{ height: `${(d.count / most) * 100}%` }} aria-hidden="true" />
                <span className="visually-hidden">
                  {t('panel.dayValue', { day: formatDate(d.day, language, 'medium'), count: d.count })}
                </span>
              </li>
            ))}
          </ol>
          <div className="survey-panel-axis" aria-hidden="true">
            <span>{formatDate(s.from, language, 'medium')}</span>
            <span>{formatDate(s.to, language, 'medium')}</span>
          </div>
        </>
      )}
      {s.choices.map((choice) => {
        const top = Math.max(1, ...choice.options.map((o) => o.count));
        return (
          <div key={choice.field} className="survey-panel-choice">
            <h3>{choice.label}</h3>
            <p className="survey-panel-note">
              {t(choice.multiple ? 'panel.answeredMultiple' : 'panel.answered', { count: choice.answered })}
            </p>
            <dl className="survey-panel-options">
              {choice.options.map((o) => (
                <div key={o.value}>
                  <dt>{o.label}</dt>
                  <dd>
                    <span className="survey-panel-option-bar" style={{ width: `${(o.count / top) * 100}%` }} aria-hidden="true" />
                    <span className="survey-panel-option-count">{o.count}</span>
                  </dd>
                </div>
              ))}
            </dl>
          </div>
        );
      })}
    </section>
  );
}
