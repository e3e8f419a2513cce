import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage, ChatRole } from '../../domain/chats';
import { Button } from '../ui/button';
import { messageTime, systemText } from './chat-format';
import { MessagePlace } from './message-place';

interface MessageListProps {
  messages: ChatMessage[];
  myRole: ChatRole;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
}

/**
 * The conversation: mine on the right, theirs on the left, notices of the system in the middle. A log
 * (role="log"): what arrives is read out politely. New messages scroll into view when the reader is at the
 * bottom already; older ones loaded above keep the reader's place.
 */
export function MessageList({ messages, myRole, hasOlder, loadingOlder, onLoadOlder }: MessageListProps) {
  const { t, i18n } = useTranslation('chats');
  const boxRef = useRef<HTMLDivElement>(null);
  const firstId = messages[0]?.id;
  const lastId = messages[messages.length - 1]?.id;
  const seen = useRef<{ first?: string; last?: string; height: number; atBottom: boolean }>({ height: 0, atBottom: true });

  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const before = seen.current;
    if (before.first !== undefined && firstId !== before.first && lastId === before.last) {
      // Older messages came in above: stay where the reader was.
      box.scrollTop += box.scrollHeight - before.height;
    } else if (lastId !== before.last && (before.atBottom || messages[messages.length - 1]?.mine)) {
      box.scrollTop = box.scrollHeight;
    }
    seen.current = { first: firstId, last: lastId, height: box.scrollHeight, atBottom: before.atBottom };
  }, [firstId, lastId, messages]);

  // A photo that loads after its message grew the log, or a log made smaller: a reader at the bottom stays there.
  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const onLoad = () => {
      if (seen.current.atBottom) box.scrollTop = box.scrollHeight;
      seen.current.height = box.scrollHeight;
    };
    box.addEventListener('load', onLoad, true);
    // The log fills what the screen leaves it (conversation.css): when that changes (a phone's browser bars,
    // the keyboard, a place chosen in the reply box), a reader at the bottom stays at the bottom.
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(onLoad);
    resized?.observe(box);
    return () => {
      box.removeEventListener('load', onLoad, true);
      resized?.disconnect();
    };
  }, []);

  const onScroll = () => {
    const box = boxRef.current;
    if (box) seen.current.atBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 48;
  };

  const otherRole: ChatRole = myRole === 'owner' ? 'sender' : 'owner';
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to be read (WCAG 2.1.1).
    <div ref={boxRef} className="chat-log" role="log" aria-label={t('chat.logLabel')} tabIndex={0} onScroll={onScroll}>
      {hasOlder && (
        <div className="chat-older">
          <Button variant="secondary" className="btn-small" busy={loadingOlder} onClick={onLoadOlder}>
            {t('chat.loadOlder')}
          </Button>
        </div>
      )}
      {messages.length === 0 && <p className="chat-empty-note">{t('chat.noMessages')}</p>}
      <ol className="chat-messages">
        {messages.map((message) => (
          <MessageItem
            key={message.id}
            message={message}
            who={message.mine ? t('chat.you') : t(`chat.role.${message.sender_role ?? otherRole}`)}
            time={messageTime(message.created_at, i18n.resolvedLanguage)}
          />
        ))}
      </ol>
    </div>
  );
}

function MessageItem({ message, who, time }: { message: ChatMessage; who: string; time: string }) {
  const { t } = useTranslation('chats');
  if (message.kind === 'system') {
    return (
      <li className="msg msg-system">
        <p>{systemText(t, message.content)}</p>
        <time dateTime={message.created_at}>{time}</time>
      </li>
    );
  }
  const place = message.latitude !== null && message.longitude !== null ? { lat: message.latitude, lon: message.longitude } : null;
  return (
    <li className={`msg ${message.mine ? 'msg-mine' : 'msg-theirs'}`}>
      <div className="msg-bubble">
        <p className="msg-meta">
          <span className="msg-who">{who}</span> <time dateTime={message.created_at}>{time}</time>
        </p>
        {message.content && <p className="msg-text">{message.content}</p>}
        {message.photo_url && (
          <a href={message.photo_url} target="_blank" rel="noreferrer" className="msg-photo">
            <img src={message.photo_thumbnail_url ?? message.photo_url} alt={t('chat.photoAlt')} loading="lazy" />
          </a>
        )}
        {place && <MessagePlace latitude={place.lat} longitude={place.lon} label={message.place_label} />}
      </div>
    </li>
  );
}
