import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import type { ChatSummary } from '../../domain/chats';
import { ApiError } from '../lib/api-client';
import { readApiError } from '../lib/errors';
import { useActingParty } from '../lib/session-store';
import { OwnershipRequestPanel } from '../ownership/request-panel';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { BikeThumbnail } from './bike-thumbnail';
import { ChatActions } from './chat-actions';
import { bikeName } from './chat-format';
import { markChatRead, useChat, useChatMessages } from './chats-api';
import { Composer } from './composer';
import { ContactPanel } from './contact-panel';
import { MessageList } from './message-list';
import './chats.css';
import './conversation.css';

/** /app/chats/{chatId}: one conversation, its subject bike on top, in real time (live-provider.tsx). */
export function ChatPage() {
  const { t } = useTranslation(['chats', 'errors']);
  const chatId = useParams().chatId ?? '';
  const chat = useChat(chatId);

  if (chat.isPending) return <Loading />;
  if (chat.isError) {
    const notFound = chat.error instanceof ApiError && (chat.error.status === 404 || chat.error.status === 422);
    const outcome = readApiError(chat.error, t);
    return (
      <div className="chat-page chat-narrow">
        <BackToInbox />
        <PageTitle>{notFound ? t('chat.notFoundTitle') : t('chat.loadFailedTitle')}</PageTitle>
        <Alert tone={notFound ? 'info' : 'error'}>
          <p>{notFound ? t('chat.notFound') : outcome.kind === 'message' ? outcome.text : t('errors:server_error')}</p>
          {!notFound && (
            <Button variant="secondary" className="btn-small" onClick={() => void chat.refetch()} busy={chat.isFetching}>
              {t('common.retry')}
            </Button>
          )}
        </Alert>
      </div>
    );
  }
  return <Conversation chat={chat.data} />;
}

function BackToInbox() {
  const { t } = useTranslation('chats');
  return (
    <p className="chat-back">
      <Link to="/app/chats">{t('chat.back')}</Link>
    </p>
  );
}

function useDocumentVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const update = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

function Conversation({ chat }: { chat: ChatSummary }) {
  const { t } = useTranslation(['chats', 'errors']);
  const partyId = useActingParty();
  const pages = useChatMessages(chat.id);
  const visible = useDocumentVisible();
  const messages = useMemo(() => (pages.data ? [...pages.data.pages].reverse().flat() : []), [pages.data]);
  const newest = messages[messages.length - 1];
  const marked = useRef<string | null>(null);

  // Read on opening, and on each new message while the page is in view (the badge and the inbox follow).
  useEffect(() => {
    if (!visible || !pages.data) return;
    const key = newest?.id ?? 'none';
    if (marked.current === key) return;
    const opening = marked.current === null;
    marked.current = key;
    // Writing marks the conversation read on the server already.
    if (!opening && newest?.mine) return;
    markChatRead(partyId, chat.id).catch(() => {
      // Not marked this time; the next message or visit tries again.
      marked.current = null;
    });
  }, [visible, pages.data, newest, partyId, chat.id]);

  // Arrived from the finder's form (contact-page.tsx): say it went, and whether the photo did not. Said
  // once: the history entry forgets it, so a reload does not say it again.
  const location = useLocation();
  const navigate = useNavigate();
  const [arrival] = useState(() => location.state as { sent?: boolean; photoError?: string | null } | null);
  useEffect(() => {
    if (location.state) navigate(location.pathname, { replace: true, state: null });
  }, [location.state, location.pathname, navigate]);
  const name = bikeName(t, chat.bike);
  const disabledReason = chat.blocked_by_other ? t('chat.blockedByOther') : chat.blocked ? t('chat.blockedByMe') : null;

  return (
    <div className="chat-page chat-conversation">
      <BackToInbox />
      <header className="chat-subject card">
        <BikeThumbnail bike={chat.bike} size="large" />
        <div className="chat-subject-body">
          <p className="chat-eyebrow">{t('chat.about')}</p>
          <PageTitle title={t('chat.pageTitle', { bike: name })}>{name}</PageTitle>
          <p className="chat-subject-role">
            {chat.kind === 'ownership_request' && <span className="chat-tag">{t('inbox.ownershipRequest')}</span>}
            {t(`inbox.role.${chat.my_role}`)}
          </p>
          {chat.bike?.reported_stolen && <p className="chat-stolen">{t('chat.stolen')}</p>}
          {(chat.bike?.frame_number || chat.bike?.bikekey_id) && (
            <p className="chat-subject-ids muted">
              {chat.bike?.frame_number && t('chat.frameNumber', { value: chat.bike.frame_number })}
              {chat.bike?.frame_number && chat.bike?.bikekey_id && ' · '}
              {chat.bike?.bikekey_id && t('chat.plate', { value: chat.bike.bikekey_id })}
            </p>
          )}
          {chat.subject_is_mine && chat.subject_id && (
            <Link to={`/app/my-bikes/${encodeURIComponent(chat.subject_id)}`} className="chat-subject-link">
              {t('chat.toMyBike')}
            </Link>
          )}
        </div>
        <ChatActions chat={chat} />
      </header>
      {arrival?.sent && <Alert tone="success">{t('chat.finderSent')}</Alert>}
      {arrival?.photoError && <Alert title={t('chat.photoFailed')}>{arrival.photoError}</Alert>}
      {chat.kind === 'ownership_request' && <OwnershipRequestPanel chat={chat} />}
      <ContactPanel chat={chat} />
      {pages.isPending && <Loading />}
      {pages.isError && (
        <Alert title={t('chat.messagesFailed')}>
          <Button variant="secondary" className="btn-small" onClick={() => void pages.refetch()} busy={pages.isFetching}>
            {t('common.retry')}
          </Button>
        </Alert>
      )}
      {pages.data && (
        <MessageList
          messages={messages}
          myRole={chat.my_role}
          hasOlder={pages.hasNextPage}
          loadingOlder={pages.isFetchingNextPage}
          onLoadOlder={() => void pages.fetchNextPage()}
        />
      )}
      <Composer chatId={chat.id} disabledReason={disabledReason} />
    </div>
  );
}
