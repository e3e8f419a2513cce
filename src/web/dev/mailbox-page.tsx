import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime } from '../lib/intl';
import { queryClient } from '../lib/query-client';
import { serverState } from '../lib/server-state';
import { Button } from '../ui/button';
import { TextField } from '../ui/field';
import { LoadError } from '../ui/load-error';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { MailView } from './mail-view';
import { useMailbox } from './mailbox-api';
import './mailbox.css';

/** /dev/mailbox: the mail the embedded server kept instead of sending, for developers and the e2e tests. */
export function MailboxPage() {
  const { t } = useTranslation('dev');
  return (
    <div className="mailbox">
      <PageTitle>{t('mailbox.title')}</PageTitle>
      {serverState.devMailbox ? (
        <QueryClientProvider client={queryClient}>
          <Mailbox />
        </QueryClientProvider>
      ) : (
        <p>{t('mailbox.smtp')}</p>
      )}
    </div>
  );
}

function Mailbox() {
  const { t, i18n } = useTranslation('dev');
  const [params, setParams] = useSearchParams();
  const filter = params.get('to') ?? '';
  const selectedId = params.get('mail');
  const mails = useMailbox(filter, true);
  const selected = mails.data?.find((m) => m.id === selectedId);
  const viewRef = useRef<HTMLDivElement>(null);

  // Opening a mail moves focus to it: on a phone it is below the list.
  useEffect(() => {
    if (selectedId) viewRef.current?.querySelector<HTMLElement>('h2')?.focus();
  }, [selectedId]);

  const linkTo = (id: string) => {
    const next = new URLSearchParams(params);
    next.set('mail', id);
    return `?${next.toString()}`;
  };
  const setFilter = (value: string) => {
    const next = new URLSearchParams();
    if (value) next.set('to', value);
    setParams(next, { replace: true });
  };

  return (
    <>
      <p className="muted">{t('mailbox.lead')}</p>
      <div className="mailbox-tools">
        <TextField label={t('mailbox.filter')} type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
        <Button variant="secondary" onClick={() => void mails.refetch()} busy={mails.isFetching && !mails.isPending}>
          {t('mailbox.refresh')}
        </Button>
      </div>
      {mails.isPending && <Loading />}
      {mails.isError && <LoadError error={mails.error} onRetry={() => void mails.refetch()} retrying={mails.isFetching} />}
      {mails.data && (
        <p className="muted" aria-live="polite">
          {t('mailbox.count', { count: mails.data.length })}
        </p>
      )}
      {mails.data && (
        <div className="mailbox-layout">
          <section aria-labelledby="mail-list-title">
            <h2 id="mail-list-title" className="visually-hidden">
              {t('mailbox.listTitle')}
            </h2>
            {mails.data.length > 0 && (
              <ul className="mail-list">
                {mails.data.map((mail) => (
                  <li key={mail.id}>
                    <Link to={linkTo(mail.id)} aria-current={mail.id === selectedId ? 'true' : undefined} className="mail-item">
                      <span className="mail-item-subject">{mail.subject}</span>
                      <span className="mail-item-to">{mail.to}</span>
                      <span className="mail-item-time">{formatDateTime(mail.created_at, i18n.resolvedLanguage)}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <div ref={viewRef}>
            {selected ? <MailView key={selected.id} mail={selected} /> : <p className="muted mail-empty">{t('mailbox.pick')}</p>}
          </div>
        </div>
      )}
    </>
  );
}
