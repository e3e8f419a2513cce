import { type UIEvent, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlowProblem } from '../../domain/flow-admin';
import type { FlowStatus } from '../../domain/flows';

export const flowPagePath = (memo: string) => `/backoffice/flows/${encodeURIComponent(memo)}`;

/** A new flow's first draft: one step with one text field, in every language, for staff to write over. */
export function starterDefinition(memo: string) {
  const text = (da: string, en: string, no: string) => ({ da, en, no });
  return {
    memo,
    title: text('Ny formular', 'New form', 'Nytt skjema'),
    audience: 'anyone',
    steps: [
      {
        memo: 'start',
        title: text('Første trin', 'First step', 'Første steg'),
        fields: [{ memo: 'comment', kind: 'text', label: text('Kommentar', 'Comment', 'Kommentar'), required: false }],
      },
    ],
    end: { title: text('Tak!', 'Thank you!', 'Takk!') },
  };
}

export function StatusBadge({ status }: { status: FlowStatus }) {
  const { t } = useTranslation('flow-admin');
  return <span className={`flows-badge flows-badge-${status}`}>{t(`status.${status}`)}</span>;
}

/** A monospace text area with its line numbers beside it (scrolled together), for a definition's JSON. */
export function CodeEditor({
  label,
  value,
  onChange,
  readOnly,
  describedBy,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  readOnly?: boolean;
  describedBy?: string | undefined;
}) {
  const id = useId();
  const gutter = useRef<HTMLPreElement>(null);
  const lines = value.split('\n').length;
  const follow = (event: UIEvent<HTMLTextAreaElement>) => {
    if (gutter.current) gutter.current.scrollTop = event.currentTarget.scrollTop;
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="flows-code">
        <pre ref={gutter} className="flows-code-lines" aria-hidden="true">
          {Array.from({ length: lines }, (_, i) => i + 1).join('\n')}
        </pre>
        <textarea
          id={id}
          className="flows-code-text"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onScroll={follow}
          readOnly={readOnly}
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          wrap="off"
          rows={24}
          aria-describedby={describedBy}
        />
      </div>
    </div>
  );
}

/** Each problem of a definition: where (its JSON path) and why. */
export function ProblemList({ id, problems }: { id: string; problems: readonly FlowProblem[] }) {
  const { t } = useTranslation('flow-admin');
  return (
    <div id={id} className="flows-problems" role="alert">
      <p>{t('editor.problems', { count: problems.length })}</p>
      <ul>
        {problems.map((p) => (
          <li key={`${p.path}-${p.code}`}>
            <code>{p.path || t('editor.root')}</code>: {p.msg}
          </li>
        ))}
      </ul>
    </div>
  );
}
