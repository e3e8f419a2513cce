import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { ChatSummary } from '../../domain/chats';
import { readApiError } from '../lib/errors';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { TextField } from '../ui/field';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { BikeThumbnail } from './bike-thumbnail';
import { bikeName, previewText, shortTime } from './chat-format';
import { useChats } from './chats-api';
import './chats.css';
import './inbox.css';

const SEARCH_DELAY_MS = 300;

/** /app/chats: my conversations, newest first, with unread counts and a search through my messages. */
export function InboxPage() {
  const { t } = useTranslation(['chats', 'errors']);
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [typed, setTyped] = useState(q);
  const list = useChats(q);

  // The search runs once typing pauses, and is kept in the address (back, reload, a shared link).
  useEffect(() => {
    const next = typed.trim();
    if (next === q) return;
    const timer = setTimeout(() => setParams(next ? { q: next } : {}, { replace: true }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, q, setParams]);

  const searching = q.length >= 2;
  let content: ReactNode;
  if (list.isPending) content = <Loading />;
  else if (list.isError) {
    const outcome = readApiError(list.error, t);
    content = (
      <Alert title={t('inbox.loadFailed')}>
        {outcome.kind === 'message' && <p>{outcome.text}</p>}
        <Button variant="secondary" className="btn-small" onClick={() => void list.refetch()} busy={list.isFetching}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  } else if (list.data.length === 0 && searching) {
    content = <p className="chat-empty-note">{t('inbox.noMatches', { q })}</p>;
  } else if (list.data.length === 0) {
    content = (
      <section className="card chat-empty" aria-labelledby="chat-empty-title">
        <h2 id="chat-empty-title">{t('inbox.emptyTitle')}</h2>
        <p>{t('inbox.empty')}</p>
        <Link to="/search" className="btn btn-primary">
          {t('common.toSearch')}
        </Link>
      </section>
    );
  } else {
    content = (
      <ul className="chat-list" aria-busy={list.isFetching || undefined}>
        {list.data.map((chat) => (
          <li key={chat.id}>
            <InboxRow chat={chat} searching={searching} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="chat-page">
      <PageTitle>{t('inbox.title')}</PageTitle>
      <p className="chat-lead">{t('inbox.lead')}</p>
      <search className="chat-search">
        <TextField
          label={t('inbox.search')}
          hint={t('inbox.searchHint')}
          type="search"
          name="q"
          autoComplete="off"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
      </search>
      <p className="visually-hidden" role="status">
        {list.data && searching ? t('inbox.found', { count: list.data.length, q }) : ''}
      </p>
      {content}
    </div>
  );
}

function InboxRow({ chat, searching }: { chat: ChatSummary; searching: boolean }) {
  const { t, i18n } = useTranslation('chats');
  const name = bikeName(t, chat.bike);
  const unread = chat.unread_count > 0;
  const preview = searching && chat.matched_message ? chat.matched_message : previewText(t, chat);
  return (
    <Link to={`/app/chats/${encodeURIComponent(chat.id)}`} className={`chat-row card${unread ? ' chat-row-unread' : ''}`}>
      <BikeThumbnail bike={chat.bike} />
      <span className="chat-row-body">
        <span className="chat-row-top">
          <span className="chat-row-name">{name}</span>
          <time className="chat-row-time" dateTime={chat.last_message_at}>
            {shortTime(chat.last_message_at, i18n.resolvedLanguage)}
          </time>
        </span>
        <span className="chat-row-role">
          {chat.kind === 'ownership_request' && <span className="chat-tag">{t('inbox.ownershipRequest')}</span>}
          {t(`inbox.role.${chat.my_role}`)}
        </span>
        <span className="chat-row-bottom">
          <span className="chat-row-preview">
            {searching && chat.matched_message && <span className="visually-hidden">{t('inbox.matched')} </span>}
            {preview}
          </span>
          {unread && (
            <span className="chat-unread">
              <span aria-hidden="true">{chat.unread_count}</span>
              <span className="visually-hidden">{t('inbox.unread', { count: chat.unread_count })}</span>
            </span>
          )}
        </span>
      </span>
    </Link>
  );
}
