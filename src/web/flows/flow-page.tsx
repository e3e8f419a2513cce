import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { fieldShown, nextStepMemo } from '../../domain/flow-rules';
import { FLOW_END, type FlowDefinition, type FlowResult, type FlowStep } from '../../domain/flows';
import { ApiError, api } from '../lib/api-client';
import { useSession } from '../lib/session-store';
import { NotFoundPage } from '../public/not-found-page';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { LoadError } from '../ui/load-error';
import { FormCard, PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { useFlowDrafts } from './flow-draft';
import { FlowFieldInput } from './flow-fields';
import { allowedStep, localized, previousStep, sendable, stepProblems, submission } from './flow-model';
import './flows.css';

interface PublishedFlow {
  id: string;
  memo: string;
  version: number;
  definition: FlowDefinition;
}
interface ServerDraft {
  version: number;
  published_version: number;
  answers: Record<string, unknown>;
  current_step: string | null;
  updated_at: string;
}

type Load = { kind: 'loading' } | { kind: 'ready'; flow: PublishedFlow } | { kind: 'missing' } | { kind: 'failed'; error: unknown };

/** How long typing rests before a signed-in person's draft is sent to the server. */
const SAVE_DELAY_MS = 800;

/**
 * One renderer for every flow (§2 Flows, issue 16): the published definition by its memo, one page per step at
 * `{basePath}/{stepMemo}`, back and next, the fields by kind with their show_if applied as answers change, and the
 * end with its texts and computed result. The answers persist in this browser (§4) and, signed in, on the server.
 * `basePath` is where its steps live: /flows/{memo} for /flows/… and the top-level /{memo}; the surveys mount it
 * under /survey/… with their own.
 */
export function FlowPage({
  memo,
  basePath,
  stepMemo,
  endExtra,
}: {
  memo: string;
  basePath: string;
  stepMemo?: string;
  /** Shown at the end after the result, before the link home (the surveys suggest the next one). */
  endExtra?: ReactNode;
}) {
  const { t, i18n } = useTranslation(['flows', 'errors']);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const navigate = useNavigate();
  const session = useSession();
  const signedIn = session !== null;
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const local = useFlowDrafts((s) => s.drafts[memo]);
  const saveLocal = useFlowDrafts((s) => s.save);
  const resetLocal = useFlowDrafts((s) => s.reset);
  // The flow version whose server draft has been looked at (signed in); a visitor has none to wait for.
  const [checkedFor, setCheckedFor] = useState<string | null>(null);
  const [versionNotice, setVersionNotice] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<{ result: FlowResult | null } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    void attempt;
    const controller = new AbortController();
    setLoad({ kind: 'loading' });
    api<PublishedFlow>(`/flows/${encodeURIComponent(memo)}`, { signal: controller.signal }).then(
      (flow) => setLoad({ kind: 'ready', flow }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setLoad(
          error instanceof ApiError && (error.status === 404 || error.status === 422) ? { kind: 'missing' } : { kind: 'failed', error },
        );
      },
    );
    return () => controller.abort();
  }, [memo, attempt]);

  const flow = load.kind === 'ready' ? load.flow : null;
  const definition = flow?.definition ?? null;

  // A draft given to another version keeps the answers whose fields still exist and fit (the web's side of §4).
  useEffect(() => {
    if (!flow || !local || local.version === flow.version) return;
    saveLocal(memo, { version: flow.version, answers: sendable(flow.definition, local.answers), step: null });
    setVersionNotice(true);
  }, [flow, local, memo, saveLocal]);

  // Signed in: the server's draft, when it is newer than this browser's (begun on another device).
  useEffect(() => {
    if (!flow || !signedIn) return;
    const controller = new AbortController();
    api<ServerDraft>(`/flows/${encodeURIComponent(memo)}/draft`, { signal: controller.signal }).then(
      (server) => {
        const mine = useFlowDrafts.getState().drafts[memo];
        if (!mine || Date.parse(server.updated_at) > Date.parse(mine.savedAt)) {
          const answers = server.version === flow.version ? server.answers : sendable(flow.definition, server.answers);
          if (server.version !== flow.version) setVersionNotice(true);
          saveLocal(memo, { version: flow.version, answers, step: server.current_step }, server.updated_at);
        }
        setCheckedFor(flow.id);
      },
      () => {
        if (!controller.signal.aborted) setCheckedFor(flow.id);
      },
    );
    return () => controller.abort();
  }, [flow, signedIn, memo, saveLocal]);

  const serverChecked = flow !== null && (!signedIn || checkedFor === flow.id);
  const answers = useMemo(() => (local && flow && local.version === flow.version ? local.answers : {}), [local, flow]);

  // Signed in: what changed goes to the server once typing rests.
  const lastSent = useRef<string | null>(null);
  useEffect(() => {
    if (!flow || !signedIn || !serverChecked || !local || done) return;
    const body = { version: flow.version, answers: sendable(flow.definition, local.answers), current_step: local.step };
    const text = JSON.stringify(body);
    if (text === lastSent.current) return;
    const timer = window.setTimeout(() => {
      lastSent.current = text;
      api<ServerDraft>(`/flows/${encodeURIComponent(memo)}/draft`, { method: 'PUT', body }).then(
        (saved) => {
          // This browser's copy is as new as the server's (so a reload keeps it, with what is not sent yet).
          const current = useFlowDrafts.getState().drafts[memo];
          if (current && Date.parse(current.savedAt) < Date.parse(saved.updated_at)) {
            saveLocal(memo, { version: current.version, answers: current.answers, step: current.step }, saved.updated_at);
          }
        },
        () => {
          // The draft stays in this browser; the next change tries again.
          lastSent.current = null;
        },
      );
    }, SAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [flow, signedIn, serverChecked, local, memo, done, saveLocal]);

  const requested = stepMemo ?? local?.step ?? undefined;
  const step: FlowStep | null = definition ? allowedStep(definition, answers, requested === FLOW_END ? undefined : requested) : null;

  // A step opened before the earlier ones are done goes to the first one still open; the address says which.
  useEffect(() => {
    if (!step || done || !serverChecked) return;
    if (stepMemo !== step.memo) navigate(`${basePath}/${step.memo}`, { replace: true });
  }, [step, stepMemo, basePath, navigate, done, serverChecked]);

  // Each step is a page: its heading takes the focus when the step changes (not on the page's first paint).
  const shownStep = step?.memo;
  const firstStep = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!shownStep) return;
    if (firstStep.current === undefined) firstStep.current = shownStep;
    else headingRef.current?.focus();
  }, [shownStep]);

  const update = useCallback(
    (field: string, value: unknown) => {
      if (!flow) return;
      const current = useFlowDrafts.getState().drafts[memo];
      const next = { ...(current?.version === flow.version ? current.answers : {}) };
      if (value === undefined) delete next[field];
      else next[field] = value;
      saveLocal(memo, { version: flow.version, answers: next, step: stepMemo ?? current?.step ?? null });
      setErrors((e) => {
        if (!e[field]) return e;
        const { [field]: _gone, ...rest } = e;
        return rest;
      });
    },
    [flow, memo, saveLocal, stepMemo],
  );

  const errorText = useCallback(
    (code: string) =>
      code === 'flow_address_place' ? t('flows:address.needsPlace') : t(`errors:${code}`, { defaultValue: t('errors:field_invalid') }),
    [t],
  );

  if (load.kind === 'missing') return <NotFoundPage />;
  if (load.kind === 'failed') return <LoadError error={load.error} onRetry={() => setAttempt((n) => n + 1)} />;
  // Signed in, the server's draft may say where to go on: the page waits for it.
  if (!flow || !definition || !step || !serverChecked) return <Loading />;

  const title = localized(definition.title, language);

  if (done) {
    return (
      <FormCard>
        <div className="flow-end">
          <PageTitle title={title}>{localized(definition.end.title, language)}</PageTitle>
          {definition.end.body && <p>{localized(definition.end.body, language)}</p>}
          {done.result && <FlowResultView result={done.result} />}
          {endExtra}
          <Link className="btn btn-secondary" to="/">
            {t('flows:end.home')}
          </Link>
        </div>
      </FormCard>
    );
  }

  const steps = definition.steps;
  const position = steps.findIndex((s) => s.memo === step.memo) + 1;
  const back = previousStep(definition, answers, step.memo);

  const goNext = async () => {
    setFormError(null);
    const problems = stepProblems(definition, step, answers);
    if (Object.keys(problems).length > 0) {
      setErrors(Object.fromEntries(Object.entries(problems).map(([field, code]) => [field, errorText(code)])));
      const first = Object.keys(problems)[0];
      if (first) document.getElementById(`flow-field-${first}`)?.focus();
      return;
    }
    setErrors({});
    const next = nextStepMemo(definition, step.memo, sendable(definition, answers));
    if (next !== FLOW_END) {
      saveLocal(memo, { version: flow.version, answers, step: next });
      navigate(`${basePath}/${next}`);
      return;
    }
    setSending(true);
    try {
      const sent = await api<{ id: string; result: FlowResult | null }>(`/flows/${encodeURIComponent(memo)}/responses`, {
        method: 'POST',
        body: { version: flow.version, answers: submission(definition, answers), language: language === 'is' ? 'da' : language },
      });
      resetLocal(memo);
      setDone({ result: sent.result });
    } catch (error) {
      showServerError(error);
    } finally {
      setSending(false);
    }
  };

  // §8: a 422 names each field; the step holding the first is opened with the errors on its fields.
  const showServerError = (error: unknown) => {
    if (error instanceof ApiError && error.status === 422 && Array.isArray((error.body as { detail?: unknown })?.detail)) {
      const detail = (error.body as { detail: { loc?: unknown[]; msg?: string; type?: string }[] }).detail;
      const found: Record<string, string> = {};
      for (const d of detail) {
        const field = String(d.loc?.at(-1) ?? '');
        if (field && !found[field]) found[field] = d.msg ?? errorText(d.type ?? 'field_invalid');
      }
      setErrors(found);
      const holder = steps.find((s) => s.fields.some((f) => found[f.memo]));
      if (holder && holder.memo !== step.memo) {
        saveLocal(memo, { version: flow.version, answers, step: holder.memo });
        navigate(`${basePath}/${holder.memo}`);
      }
      if (!holder) setFormError(Object.values(found)[0] ?? t('errors:field_invalid'));
      return;
    }
    if (error instanceof ApiError && error.status === 409) {
      setVersionNotice(true);
      setAttempt((n) => n + 1);
      return;
    }
    const detail = error instanceof ApiError ? (error.body as { detail?: unknown } | null)?.detail : null;
    setFormError(typeof detail === 'string' ? detail : t('errors:server_error'));
  };

  const reset = () => {
    resetLocal(memo);
    setErrors({});
    setFormError(null);
    setVersionNotice(false);
    if (signedIn) api(`/flows/${encodeURIComponent(memo)}/draft`, { method: 'DELETE' }).catch(() => {});
    lastSent.current = null;
    const first = steps[0];
    if (first) navigate(`${basePath}/${first.memo}`, { replace: true });
  };

  const draftStarted = local !== undefined && Object.keys(local.answers).length > 0;
  const given = sendable(definition, answers);
  return (
    <div className="flow-page">
      <p className="flow-kicker">{title}</p>
      <PageTitle title={`${localized(step.title, language)} · ${title}`}>
        <span ref={headingRef} tabIndex={-1} className="flow-step-title">
          {localized(step.title, language)}
        </span>
      </PageTitle>
      <p className="flow-progress">{t('flows:progress', { step: position, count: steps.length })}</p>
      {position === 1 && definition.description && <p className="flow-intro">{localized(definition.description, language)}</p>}
      {step.intro && <p className="flow-intro">{localized(step.intro, language)}</p>}
      {versionNotice && <Alert tone="info">{t('flows:versionChanged')}</Alert>}
      {definition.audience === 'signed_in' && !signedIn && (
        <Alert tone="info">
          <Link to={`/login?post_login_redirect=${encodeURIComponent(`${basePath}/${step.memo}`)}`}>{t('flows:signInFirst')}</Link>
        </Alert>
      )}
      <form
        className="flow-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void goNext();
        }}
      >
        {step.fields.map((field) =>
          !fieldShown(field, given) ? null : (
            <FlowFieldInput
              key={field.memo}
              memo={memo}
              field={field}
              value={answers[field.memo]}
              error={errors[field.memo]}
              language={language}
              signedIn={signedIn}
              onChange={(value) => update(field.memo, value)}
            />
          ),
        )}
        {formError && <Alert tone="error">{formError}</Alert>}
        <div className="flow-actions">
          {back ? (
            <Button variant="secondary" onClick={() => navigate(`${basePath}/${back.memo}`)}>
              {t('flows:back')}
            </Button>
          ) : (
            <span />
          )}
          <button type="submit" className="btn btn-primary" disabled={sending} aria-busy={sending || undefined}>
            {nextStepMemo(definition, step.memo, given) === FLOW_END ? t('flows:send') : t('flows:next')}
          </button>
        </div>
      </form>
      {draftStarted && (
        <p className="flow-reset">
          <span>{signedIn ? t('flows:draft.savedAccount') : t('flows:draft.savedBrowser')}</span>{' '}
          <Button variant="link" onClick={reset}>
            {t('flows:draft.reset')}
          </Button>
        </p>
      )}
    </div>
  );
}

/** What a flow's end computed: a heading, a summary, its lines, and where the rule comes from. */
function FlowResultView({ result }: { result: FlowResult }) {
  const { t } = useTranslation('flows');
  return (
    <section className="flow-result" aria-labelledby="flow-result-heading">
      <h2 id="flow-result-heading">{result.heading}</h2>
      <p>{result.summary}</p>
      {result.lines.length > 0 && (
        <dl className="flow-result-lines">
          {result.lines.map((line) => (
            <div key={line.label}>
              <dt>{line.label}</dt>
              <dd>{line.value}</dd>
            </div>
          ))}
        </dl>
      )}
      <p className="flow-result-source">
        {t('end.source')}{' '}
        <a href={result.source.url} target="_blank" rel="noreferrer noopener">
          {result.source.label} ({result.source.year})
        </a>
      </p>
    </section>
  );
}
