import { useTranslation } from 'react-i18next';
import type { ChatSummary } from '../../domain/chats';

/** The other's contact when they share it, and whether I share mine. */
export function ContactPanel({ chat }: { chat: ChatSummary }) {
  const { t } = useTranslation('chats');
  const other = chat.other_contact;
  return (
    <>
      {other && (
        <section className="card chat-contact" aria-labelledby="chat-contact-title">
          <h2 id="chat-contact-title">{t('contactPanel.title')}</h2>
          <dl>
            {other.first_name && (
              <div>
                <dt>{t('contactPanel.name')}</dt>
                <dd>{other.first_name}</dd>
              </div>
            )}
            <div>
              <dt>{t('contactPanel.email')}</dt>
              <dd>
                <a href={`mailto:${other.email}`}>{other.email}</a>
              </dd>
            </div>
            {other.phone && (
              <div>
                <dt>{t('contactPanel.phone')}</dt>
                <dd>
                  <a href={`tel:${other.phone.replace(/\s/g, '')}`}>{other.phone}</a>
                </dd>
              </div>
            )}
          </dl>
        </section>
      )}
      <p className="chat-sharing muted">{chat.i_share_contact ? t('contactPanel.iShare') : t('contactPanel.iDoNotShare')}</p>
    </>
  );
}
