import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readApiError } from '../lib/errors';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { useReportChat } from './chats-api';
import { REPORT_REASON_MAX_LENGTH } from './limits';
import { MessageField } from './message-field';

/** Report a conversation to staff (a ticket): a reason, then thanks. */
export function ReportDialog({ chatId, open, onClose }: { chatId: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['chats', 'errors']);
  const report = useReportChat(chatId);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [done, setDone] = useState(false);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const formId = useId();

  useEffect(() => {
    if (done) closeRef.current?.focus();
  }, [done]);

  const close = () => {
    onClose();
    // A new report starts empty; one that failed keeps its text until it is sent.
    if (done) {
      setDone(false);
      setReason('');
    }
    setError(undefined);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError(t('errors:field_required'));
      fieldRef.current?.focus();
      return;
    }
    try {
      await report.mutateAsync(reason.trim());
      setDone(true);
    } catch (err) {
      const outcome = readApiError(err, t);
      setError(outcome.kind === 'message' ? outcome.text : t('errors:server_error'));
    }
  };

  return (
    <Dialog
      open={open}
      title={t('actions.reportTitle')}
      busy={report.isPending}
      onClose={close}
      initialFocus={fieldRef}
      actions={
        done ? (
          <button ref={closeRef} type="button" className="btn btn-primary" onClick={close}>
            <span>{t('actions.close')}</span>
          </button>
        ) : (
          <>
            <Button type="submit" form={formId} busy={report.isPending}>
              {t('actions.reportSend')}
            </Button>
            <Button variant="secondary" disabled={report.isPending} onClick={close}>
              {t('actions.cancel')}
            </Button>
          </>
        )
      }
    >
      {done ? (
        <Alert tone="success">{t('actions.reported')}</Alert>
      ) : (
        <form id={formId} onSubmit={(e) => void submit(e)} noValidate>
          <p>{t('actions.reportBody')}</p>
          <MessageField
            ref={fieldRef}
            label={t('actions.reportReason')}
            name="reason"
            rows={4}
            maxLength={REPORT_REASON_MAX_LENGTH}
            value={reason}
            error={error}
            onChange={(e) => {
              setReason(e.target.value);
              setError(undefined);
            }}
          />
        </form>
      )}
    </Dialog>
  );
}
