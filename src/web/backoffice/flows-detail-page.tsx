import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import type { FlowProblem, FlowVersion } from '../../domain/flow-admin';
import { ApiError } from '../lib/api-client';
import { readApiError } from '../lib/errors';
import { formatDateTime } from '../lib/intl';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { DownloadButton } from '../ui/download-button';
import { SelectField, TextField } from '../ui/field';
import { LoadError } from '../ui/load-error';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { type AnswerFilters, fetchFlowCsv, useCheckDefinition, useFlow, useFlowAction, useFlowAnswers, useSaveDraft } from './flows-api';
import { definitionText } from './flows-json';
import { CodeEditor, ProblemList, StatusBadge } from './flows-parts';
import { FlowPreview } from './flows-preview';
import { ReadOnlyNote, useCanChange } from './read-only';
import './backoffice.css';
import './organisations.css';
import './flows.css';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** /backoffice/flows/{memo}: the versions, the draft in a JSON editor, publish and retire, and the answers. */
export function FlowDetailPage() {
  const { t } = useTranslation('flow-admin');
  const memo = useParams().memo ?? '';
  const flow = useFlow(memo);
  const canChange = useCanChange();
  if (flow.isPending) return <Loading />;
  if (flow.error instanceof ApiError && flow.error.status === 404) {
    return (
      <div className="backoffice">
        <PageTitle>{t('detail.notFound')}</PageTitle>
        <Link to="/backoffice/flows">{t('detail.back')}</Link>
      </div>
    );
  }
  if (flow.isError) return <LoadError error={flow.error} onRetry={() => void flow.refetch()} retrying={flow.isFetching} />;
  const versions = flow.data.versions;
  const draft = versions.find((v) => v.status === 'draft');
  const published = versions.find((v) => v.status === 'published');
  const title = titleOf(published ?? versions[0], memo);
  return (
    <div className="backoffice backoffice-wide flows-page">
      <p>
        <Link to="/backoffice/flows">{t('detail.back')}</Link>
      </p>
      <PageTitle>{title}</PageTitle>
      <p className="flows-memo">{memo}</p>
      {!canChange && <ReadOnlyNote />}
      <Versions memo={memo} versions={versions} canChange={canChange} hasDraft={draft !== undefined} published={published} />
      {draft ? <DraftEditor key={`${draft.id}-${draft.updated_at}`} memo={memo} draft={draft} canChange={canChange} /> : null}
      <Answers memo={memo} versions={versions} />
    </div>
  );
}

function titleOf(version: FlowVersion | undefined, fallback: string): string {
  const title = (version?.definition as { title?: Record<string, string> } | undefined)?.title;
  const language = document.documentElement.lang;
  return title?.[language] ?? title?.da ?? fallback;
}

function Versions({
  memo,
  versions,
  canChange,
  hasDraft,
  published,
}: {
  memo: string;
  versions: FlowVersion[];
  canChange: boolean;
  hasDraft: boolean;
  published: FlowVersion | undefined;
}) {
  const { t, i18n } = useTranslation('flow-admin');
  const action = useFlowAction(memo);
  const [confirm, setConfirm] = useState<'retire' | null>(null);
  const failure = action.error ? readApiError(action.error, t) : null;
  return (
    <section className="card" aria-labelledby="flow-versions">
      <h2 id="flow-versions">{t('detail.versions')}</h2>
      <div className="orgs-table-wrap">
        <table className="orgs-table">
          <thead>
            <tr>
              <th scope="col">{t('detail.version')}</th>
              <th scope="col">{t('detail.status')}</th>
              <th scope="col">{t('detail.publishedAt')}</th>
              <th scope="col">{t('detail.answers')}</th>
            </tr>
          </thead>
          <tbody>
            {versions.map((v) => (
              <tr key={v.id}>
                <td>{v.version}</td>
                <td>
                  <StatusBadge status={v.status} />
                </td>
                <td>{v.published_at ? formatDateTime(v.published_at, i18n.resolvedLanguage) : '–'}</td>
                <td>{v.responses}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {canChange && (
        <div className="flows-actions">
          {!hasDraft && (
            <Button variant="secondary" busy={action.isPending && action.variables === 'draft'} onClick={() => action.mutate('draft')}>
              {t('detail.newDraft')}
            </Button>
          )}
          {published && (
            <Button variant="danger" onClick={() => setConfirm('retire')}>
              {t('detail.retire')}
            </Button>
          )}
          {published && (
            <a className="flows-open" href={`/flows/${encodeURIComponent(memo)}`} target="_blank" rel="noreferrer">
              {t('detail.open')}
            </a>
          )}
        </div>
      )}
      {failure?.kind === 'message' && <Alert>{failure.text}</Alert>}
      <ConfirmDialog
        open={confirm === 'retire'}
        title={t('detail.retireTitle')}
        confirmLabel={t('detail.retire')}
        cancelLabel={t('detail.cancel')}
        busy={action.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() => action.mutate('retire', { onSettled: () => setConfirm(null) })}
      >
        <p>{t('detail.retireBody', { version: published?.version ?? 0 })}</p>
      </ConfirmDialog>
    </section>
  );
}

const storageKey = (memo: string, version: number) => `flow-admin.draft.${memo}.${version}`;

function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStored(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage full or refused: the text stays on the page only.
  }
}

/** The problems of a refused save, from its 422 detail (loc = ["body", "definition", …path]). */
function problemsOf(error: unknown): FlowProblem[] | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const detail = (error.body as { detail?: unknown } | null)?.detail;
  if (!Array.isArray(detail)) return null;
  return detail.map((d: { loc?: unknown[]; msg?: string; type?: string }) => ({
    path: (d.loc ?? []).slice(2).join('.'),
    code: d.type ?? '',
    msg: d.msg ?? '',
  }));
}

type Parsed = { ok: true; value: unknown } | { ok: false; reason: string };

function parseJson(text: string): Parsed {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

function DraftEditor({ memo, draft, canChange }: { memo: string; draft: FlowVersion; canChange: boolean }) {
  const { t } = useTranslation('flow-admin');
  const saved = definitionText(draft.definition);
  const key = storageKey(memo, draft.version);
  const [text, setText] = useState(() => (canChange ? (readStored(key) ?? saved) : saved));
  const [problems, setProblems] = useState<FlowProblem[] | null>(null);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [confirm, setConfirm] = useState(false);
  const [preview, setPreview] = useState(false);
  const check = useCheckDefinition();
  const save = useSaveDraft(memo, () => writeStored(key, null));
  const action = useFlowAction(memo, () => writeStored(key, null));
  const unsaved = text !== saved;

  // What is typed survives a reload until it is saved.
  useEffect(() => {
    if (canChange) writeStored(key, unsaved ? text : null);
  }, [canChange, key, text, unsaved]);

  const parsed = (): unknown => {
    const result = parseJson(text);
    if (!result.ok) {
      setProblems(null);
      setMessage({ tone: 'error', text: t('editor.jsonInvalid', { reason: result.reason }) });
      return undefined;
    }
    return result.value;
  };

  const runCheck = () => {
    setMessage(null);
    const value = parsed();
    if (value === undefined) return;
    check.mutate(value, {
      onSuccess: (answer) => {
        setProblems(answer.problems.length > 0 ? answer.problems : null);
        if (answer.problems.length === 0) setMessage({ tone: 'success', text: t('editor.sound') });
      },
      onError: (e) => showError(e),
    });
  };

  const showError = (e: unknown) => {
    const found = problemsOf(e);
    if (found) return setProblems(found);
    const outcome = readApiError(e, t);
    setMessage({ tone: 'error', text: outcome.kind === 'message' ? outcome.text : t('errors:server_error') });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    setProblems(null);
    const value = parsed();
    if (value === undefined) return;
    save.mutate(value, { onError: showError });
  };

  return (
    <section className="card" aria-labelledby="flow-draft">
      <h2 id="flow-draft">{t('editor.title', { version: draft.version })}</h2>
      <p className="backoffice-lead">{t('editor.lead')}</p>
      {canChange && unsaved && <Alert tone="info">{t('editor.unsaved')}</Alert>}
      <form onSubmit={submit} noValidate>
        <CodeEditor
          label={t('editor.definition')}
          value={text}
          onChange={setText}
          readOnly={!canChange}
          describedBy={problems ? 'flow-problems' : undefined}
        />
        {problems && <ProblemList id="flow-problems" problems={problems} />}
        {message && <Alert tone={message.tone === 'success' ? 'success' : 'error'}>{message.text}</Alert>}
        <div className="flows-actions">
          {canChange && (
            <>
              <Button type="button" variant="secondary" busy={check.isPending} onClick={runCheck}>
                {t('editor.check')}
              </Button>
              <Button type="submit" busy={save.isPending}>
                {t('editor.save')}
              </Button>
            </>
          )}
          <Button type="button" variant="secondary" aria-expanded={preview} onClick={() => setPreview(!preview)}>
            {preview ? t('editor.hidePreview') : t('editor.preview')}
          </Button>
          {canChange && (
            <Button type="button" variant="primary" disabled={unsaved} onClick={() => setConfirm(true)}>
              {t('editor.publish')}
            </Button>
          )}
        </div>
        {canChange && unsaved && <p className="field-hint">{t('editor.saveFirst')}</p>}
      </form>
      {preview && <Preview memo={memo} text={text} />}
      <ConfirmDialog
        open={confirm}
        tone="primary"
        title={t('editor.publishTitle')}
        confirmLabel={t('editor.publish')}
        cancelLabel={t('detail.cancel')}
        busy={action.isPending}
        onCancel={() => setConfirm(false)}
        onConfirm={() =>
          action.mutate('publish', {
            onError: showError,
            onSettled: () => setConfirm(false),
          })
        }
      >
        <p>{t('editor.publishBody', { version: draft.version })}</p>
      </ConfirmDialog>
    </section>
  );
}

function Preview({ memo, text }: { memo: string; text: string }) {
  const { t } = useTranslation('flow-admin');
  const parsed = parseJson(text);
  return (
    <section className="flows-preview" aria-labelledby="flow-preview">
      <h3 id="flow-preview">{t('editor.previewLabel')}</h3>
      <p className="field-hint">{t('editor.previewNote')}</p>
      {parsed.ok ? (
        <FlowPreview memo={memo} definition={parsed.value} />
      ) : (
        <Alert>{t('editor.jsonInvalid', { reason: parsed.reason })}</Alert>
      )}
    </section>
  );
}

function filtersOf(params: URLSearchParams): AnswerFilters {
  const get = (key: string, pattern: RegExp) => {
    const value = params.get(key)?.trim();
    return value && pattern.test(value) ? value : undefined;
  };
  return { version: get('version', /^\d{1,6}$/), from: get('from', DATE), to: get('to', DATE) };
}

function Answers({ memo, versions }: { memo: string; versions: FlowVersion[] }) {
  const { t, i18n } = useTranslation('flow-admin');
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const answers = useFlowAnswers(memo, filters);
  const [form, setForm] = useState({ version: filters.version ?? '', from: filters.from ?? '', to: filters.to ?? '' });
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setParams(Object.fromEntries(Object.entries(form).filter(([, v]) => v)));
  };
  const rows = answers.data?.pages.flatMap((p) => p.items) ?? [];
  const total = answers.data?.pages[0]?.total ?? 0;
  const day = new Date().toISOString().slice(0, 10);
  return (
    <section className="card" aria-labelledby="flow-answers">
      <h2 id="flow-answers">{t('answers.title')}</h2>
      <form className="flows-filters" onSubmit={apply} aria-label={t('answers.filters')}>
        <SelectField
          label={t('answers.version')}
          value={form.version}
          onChange={(e) => setForm({ ...form, version: e.target.value })}
          placeholder={t('answers.allVersions')}
          options={versions.map((v) => ({ value: String(v.version), label: t('list.version', { version: v.version }) }))}
        />
        <TextField type="date" label={t('answers.from')} value={form.from} onChange={(e) => setForm({ ...form, from: e.target.value })} />
        <TextField type="date" label={t('answers.to')} value={form.to} onChange={(e) => setForm({ ...form, to: e.target.value })} />
        <Button type="submit" variant="secondary">
          {t('answers.apply')}
        </Button>
      </form>
      <div className="flows-actions">
        <DownloadButton label={t('answers.csv')} fileName={`${memo}-${day}.csv`} fetchFile={() => fetchFlowCsv(memo, filters)} />
      </div>
      {answers.isPending ? (
        <Loading />
      ) : answers.isError ? (
        <LoadError error={answers.error} onRetry={() => void answers.refetch()} retrying={answers.isFetching} />
      ) : rows.length === 0 ? (
        <p>{t('answers.empty')}</p>
      ) : (
        <>
          <p>{t('answers.count', { count: total })}</p>
          <div className="orgs-table-wrap">
            <table className="orgs-table flows-answers">
              <thead>
                <tr>
                  <th scope="col">{t('answers.submitted')}</th>
                  <th scope="col">{t('answers.version')}</th>
                  <th scope="col">{t('answers.respondent')}</th>
                  <th scope="col">{t('answers.answers')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.id}>
                    <td>{formatDateTime(r.submitted_at, i18n.resolvedLanguage)}</td>
                    <td>{r.version}</td>
                    <td>{r.signed_in ? t('answers.signedIn') : t('answers.visitor')}</td>
                    <td>
                      <dl className="flows-answer-list">
                        {Object.entries(r.answers).map(([field, value]) => (
                          <div key={field}>
                            <dt>{field}</dt>
                            <dd>{answerText(value)}</dd>
                          </div>
                        ))}
                      </dl>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {answers.hasNextPage && (
            <Button variant="secondary" busy={answers.isFetchingNextPage} onClick={() => void answers.fetchNextPage()}>
              {t('answers.more')}
            </Button>
          )}
        </>
      )}
    </section>
  );
}

function answerText(value: unknown): string {
  if (Array.isArray(value)) return value.join('; ');
  if (value && typeof value === 'object') {
    const a = value as { label?: unknown; latitude?: unknown; longitude?: unknown };
    return `${String(a.label ?? '')} (${String(a.latitude ?? '')}, ${String(a.longitude ?? '')})`;
  }
  return String(value);
}
