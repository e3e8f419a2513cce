import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkFlowDefinition, fieldShown, nextStepMemo } from '../../domain/flow-rules';
import { FLOW_END, type FlowDefinition, flowDefinitionSchema } from '../../domain/flows';
import { FlowFieldInput } from '../flows/flow-fields';
import { allowedStep, localized, previousStep, sendable, stepProblems } from '../flows/flow-model';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import '../flows/flows.css';

/**
 * A draft as a visitor would see it (issue 16), with the flows' own field inputs and step rules: step by step, the
 * fields shown by their conditions, each step checked before the next, and the end. Nothing is sent: the answers live
 * in this component only. A definition that does not hold is not previewed (Check says why).
 */
export function FlowPreview({ definition: input, memo }: { definition: unknown; memo: string }) {
  const { t } = useTranslation('flow-admin');
  const parsed = flowDefinitionSchema.safeParse(input);
  if (!parsed.success || checkFlowDefinition(parsed.data).length > 0) return <Alert tone="warning">{t('editor.previewBroken')}</Alert>;
  return <Walk key={JSON.stringify(parsed.data)} definition={parsed.data} memo={memo} />;
}

function Walk({ definition, memo }: { definition: FlowDefinition; memo: string }) {
  const { t, i18n } = useTranslation(['flow-admin', 'flows', 'errors']);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const [answers, setAnswers] = useState<Record<string, unknown>>({});
  const [requested, setRequested] = useState<string | undefined>(undefined);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [ended, setEnded] = useState(false);
  const step = allowedStep(definition, answers, requested);
  const given = sendable(definition, answers);
  const back = previousStep(definition, answers, step.memo);
  const position = definition.steps.findIndex((s) => s.memo === step.memo) + 1;
  const errorText = (code: string) =>
    code === 'flow_address_place' ? t('flows:address.needsPlace') : t(`errors:${code}`, { defaultValue: t('errors:field_invalid') });

  const restart = () => {
    setAnswers({});
    setRequested(undefined);
    setErrors({});
    setEnded(false);
  };

  if (ended) {
    return (
      <div className="flow-end">
        <p className="flow-kicker">{localized(definition.title, language)}</p>
        <h3>{localized(definition.end.title, language)}</h3>
        {definition.end.body && <p>{localized(definition.end.body, language)}</p>}
        <p className="field-hint">{t('flow-admin:editor.previewEnd')}</p>
        <Button variant="secondary" onClick={restart}>
          {t('flow-admin:editor.previewAgain')}
        </Button>
      </div>
    );
  }

  const next = (event: FormEvent) => {
    event.preventDefault();
    const problems = stepProblems(definition, step, answers);
    if (Object.keys(problems).length > 0) {
      setErrors(Object.fromEntries(Object.entries(problems).map(([field, code]) => [field, errorText(code)])));
      return;
    }
    setErrors({});
    const to = nextStepMemo(definition, step.memo, given);
    if (to === FLOW_END) setEnded(true);
    else setRequested(to);
  };

  return (
    <div className="flow-page">
      <p className="flow-kicker">{localized(definition.title, language)}</p>
      <h3 className="flow-step-title">{localized(step.title, language)}</h3>
      <p className="flow-progress">{t('flows:progress', { step: position, count: definition.steps.length })}</p>
      {position === 1 && definition.description && <p className="flow-intro">{localized(definition.description, language)}</p>}
      {step.intro && <p className="flow-intro">{localized(step.intro, language)}</p>}
      <form className="flow-form" noValidate onSubmit={next} aria-label={t('flow-admin:editor.previewLabel')}>
        {step.fields.map((field) =>
          fieldShown(field, given) ? (
            <FlowFieldInput
              key={field.memo}
              memo={memo}
              field={field}
              value={answers[field.memo]}
              error={errors[field.memo]}
              language={language}
              signedIn={false}
              onChange={(value) =>
                setAnswers((current) => {
                  const changed = { ...current };
                  if (value === undefined) delete changed[field.memo];
                  else changed[field.memo] = value;
                  return changed;
                })
              }
            />
          ) : null,
        )}
        <div className="flow-actions">
          {back ? (
            <Button variant="secondary" onClick={() => setRequested(back.memo)}>
              {t('flows:back')}
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit">{nextStepMemo(definition, step.memo, given) === FLOW_END ? t('flows:send') : t('flows:next')}</Button>
        </div>
      </form>
    </div>
  );
}
