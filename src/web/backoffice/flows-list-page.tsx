import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FLOW_MEMO_PATTERN } from '../../domain/flows';
import { readApiError } from '../lib/errors';
import { formatDateTime } from '../lib/intl';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { TextField } from '../ui/field';
import { LoadError } from '../ui/load-error';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { useCreateFlow, useFlows } from './flows-api';
import { flowPagePath, starterDefinition } from './flows-parts';
import { ReadOnlyNote, useCanChange } from './read-only';
import './backoffice.css';
import './organisations.css';
import './flows.css';

/** /backoffice/flows: every flow with its published version, draft and answers; staff start a new one. */
export function FlowsPage() {
  const { t, i18n } = useTranslation('flow-admin');
  const flows = useFlows();
  const canChange = useCanChange();
  return (
    <div className="backoffice backoffice-wide flows-page">
      <PageTitle>{t('list.title')}</PageTitle>
      <p className="backoffice-lead">{t('list.lead')}</p>
      {!canChange && <ReadOnlyNote />}
      {canChange && <NewFlow />}
      <section aria-labelledby="flows-all">
        <h2 id="flows-all">{t('list.all')}</h2>
        {flows.isPending ? (
          <Loading />
        ) : flows.isError ? (
          <LoadError error={flows.error} onRetry={() => void flows.refetch()} retrying={flows.isFetching} />
        ) : flows.data.items.length === 0 ? (
          <p>{t('list.empty')}</p>
        ) : (
          <div className="orgs-table-wrap">
            <table className="orgs-table">
              <thead>
                <tr>
                  <th scope="col">{t('list.flow')}</th>
                  <th scope="col">{t('list.published')}</th>
                  <th scope="col">{t('list.draft')}</th>
                  <th scope="col">{t('list.answers')}</th>
                  <th scope="col">{t('list.changed')}</th>
                </tr>
              </thead>
              <tbody>
                {flows.data.items.map((flow) => (
                  <tr key={flow.memo}>
                    <td>
                      <Link to={flowPagePath(flow.memo)}>{flow.title || flow.memo}</Link>
                      <div className="flows-memo">{flow.memo}</div>
                    </td>
                    <td>{flow.published_version === null ? t('list.none') : t('list.version', { version: flow.published_version })}</td>
                    <td>{flow.draft_version === null ? t('list.none') : t('list.version', { version: flow.draft_version })}</td>
                    <td>{flow.responses}</td>
                    <td>{formatDateTime(flow.updated_at, i18n.resolvedLanguage)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}

function NewFlow() {
  const { t } = useTranslation('flow-admin');
  const navigate = useNavigate();
  const create = useCreateFlow();
  const [memo, setMemo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wanted = memo.trim();
    if (!FLOW_MEMO_PATTERN.test(wanted)) return setError(t('list.memoInvalid'));
    setError(null);
    create.mutate(
      { memo: wanted, definition: starterDefinition(wanted) },
      {
        onSuccess: () => void navigate(flowPagePath(wanted)),
        onError: (e) => {
          const outcome = readApiError(e, t);
          setError(outcome.kind === 'message' ? outcome.text : t('errors:server_error'));
        },
      },
    );
  };
  return (
    <section className="card" aria-labelledby="flows-new">
      <h2 id="flows-new">{t('list.new')}</h2>
      <form className="backoffice-search" onSubmit={submit} noValidate>
        <TextField
          label={t('list.memo')}
          hint={t('list.memoHint')}
          value={memo}
          maxLength={80}
          autoComplete="off"
          spellCheck={false}
          error={error ?? undefined}
          onChange={(e) => setMemo(e.target.value)}
        />
        <Button type="submit" busy={create.isPending}>
          {t('list.create')}
        </Button>
      </form>
      {create.isError && !error && <Alert>{t('errors:server_error')}</Alert>}
    </section>
  );
}
