import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../lib/intl';
import { Button } from '../ui/button';
import { linkify } from './linkify';
import type { Mail } from './mailbox-api';

/** One mail: the text version with its links, and on request the HTML version in a frame that may run nothing. */
export function MailView({ mail }: { mail: Mail }) {
  const { t, i18n } = useTranslation('dev');
  const [showHtml, setShowHtml] = useState(false);
  return (
    <article className="card mail-view" aria-labelledby="mail-subject">
      <h2 id="mail-subject" tabIndex={-1}>
        {mail.subject}
      </h2>
      <dl className="mail-meta">
        <div>
          <dt>{t('mailbox.to')}</dt>
          <dd>{mail.to}</dd>
        </div>
        <div>
          <dt>{t('mailbox.sent')}</dt>
          <dd>{formatDateTime(mail.created_at, i18n.resolvedLanguage)}</dd>
        </div>
      </dl>
      <pre className="mail-text">{linkify(mail.text)}</pre>
      {mail.html && (
        <>
          <Button variant="link" aria-expanded={showHtml} onClick={() => setShowHtml((v) => !v)}>
            {showHtml ? t('mailbox.hideHtml') : t('mailbox.showHtml')}
          </Button>
          {showHtml && (
            // An empty sandbox: no scripts, no forms, no navigation, a unique origin.
            <iframe className="mail-html" title={t('mailbox.htmlTitle', { subject: mail.subject })} sandbox="" srcDoc={mail.html} />
          )}
        </>
      )}
    </article>
  );
}
