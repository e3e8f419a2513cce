import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ChatMessage } from '../../domain/chats';
import type { SupportConversation } from '../../domain/support';
import { connectLive } from '../chats/live';
import { ApiError } from '../lib/api-client';
import { readApiError } from '../lib/errors';
import { formatDateTime } from '../lib/intl';
import { useSession, useSessionStore } from '../lib/session-store';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { TextField } from '../ui/field';
import { LoadError } from '../ui/load-error';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import {
  forgetVisitorKey,
  keepVisitorKey,
  loadMine,
  loadVisitor,
  readMine,
  readVisitor,
  startVisitor,
  takeVisitorKey,
  withMessage,
  writeMine,
  writeVisitor,
} from './support-api';
import './support.css';

/** A visitor has no session for the live channel: their page asks for new answers this often while open. */
const VISITOR_POLL_MS = 15_000;
const MESSAGE_MAX = 2000;

type Load = { kind: 'loading' } | { kind: 'failed'; error: unknown } | { kind: 'ready'; conversation: SupportConversation | null };

/**
 * /support/chat (§2): a conversation with support. A signed-in person writes as themselves and sees answers live; a
 * visitor gives their name and email, and comes back through the link mailed to them (or this browser, which keeps it).
 */
export function SupportChatPage() {
  const { t } = useTranslation('support');
  const session = useSession();
  return (
    <div className="support-page">
      <PageTitle>{t('page.title')}</PageTitle>
      <p className="support-lead">{t('page.lead')}</p>
      <p>
        {t('page.help')} <Link to="/help">{t('page.helpLink')}</Link>
      </p>
      {session ? <PersonSupport /> : <VisitorSupport />}
    </div>
  );
}

function PersonSupport() {
  const token = useSessionStore((s) => s.token);
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const chatId = load.kind === 'ready' ? (load.conversation?.chat_id ?? null) : null;

  const fetchIt = useCallback(() => {
    loadMine().then(
      (conversation) => setLoad({ kind: 'ready', conversation }),
      (error: unknown) => setLoad({ kind: 'failed', error }),
    );
  }, []);
  useEffect(fetchIt, [fetchIt]);

  // Support's answers arrive on the chats' live channel, as any message does; a changed ticket (closed) is fetched again.
  useEffect(() => {
    if (!token || !chatId) return;
    const connection = connectLive({
      token,
      onFrame: (frame) => {
        if (frame.type === 'message' && frame.chat_id === chatId) {
          setLoad((current) =>
            current.kind === 'ready' && current.conversation
              ? { kind: 'ready', conversation: withMessage(current.conversation, frame.message) }
              : current,
          );
          if (!frame.message.mine) void readMine().catch(() => {});
        } else if (frame.type === 'chat' && frame.chat_id === chatId) fetchIt();
      },
      // Whatever was answered before the channel was ready (or while it was down) is fetched.
      onReady: () => fetchIt(),
    });
    return () => connection.close();
  }, [token, chatId, fetchIt]);

  const unreadAnswers = load.kind === 'ready' && (load.conversation?.messages.some((m) => !m.mine) ?? false);
  useEffect(() => {
    if (unreadAnswers) void readMine().catch(() => {});
  }, [unreadAnswers]);

  if (load.kind === 'loading') return <Loading />;
  if (load.kind === 'failed') return <LoadError error={load.error} onRetry={fetchIt} />;
  return (
    <Conversation
      conversation={load.conversation}
      send={async (content) => {
        const message = await writeMine(content);
        if (load.conversation) setLoad({ kind: 'ready', conversation: withMessage(load.conversation, message) });
        else fetchIt();
      }}
    />
  );
}

function VisitorSupport() {
  const { t } = useTranslation('support');
  const [key, setKey] = useState<string | null>(() => takeVisitorKey());
  const [load, setLoad] = useState<Load>(key ? { kind: 'loading' } : { kind: 'ready', conversation: null });
  const [linkGone, setLinkGone] = useState(false);
  const [justStarted, setJustStarted] = useState(false);

  const fetchIt = useCallback(
    (quiet = false) => {
      if (!key) return;
      loadVisitor(key).then(
        (conversation) => setLoad({ kind: 'ready', conversation }),
        (error: unknown) => {
          if (error instanceof ApiError && error.status === 404) {
            forgetVisitorKey();
            setKey(null);
            setLinkGone(true);
            setLoad({ kind: 'ready', conversation: null });
          } else if (!quiet) setLoad({ kind: 'failed', error });
        },
      );
    },
    [key],
  );
  useEffect(() => fetchIt(), [fetchIt]);
  useEffect(() => {
    if (!key) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') fetchIt(true);
    }, VISITOR_POLL_MS);
    return () => clearInterval(timer);
  }, [key, fetchIt]);

  const unreadAnswers = load.kind === 'ready' && (load.conversation?.messages.some((m) => !m.mine) ?? false);
  useEffect(() => {
    if (key && unreadAnswers) void readVisitor(key).catch(() => {});
  }, [key, unreadAnswers]);

  if (load.kind === 'loading') return <Loading />;
  if (load.kind === 'failed') return <LoadError error={load.error} onRetry={() => fetchIt()} />;
  if (!key || !load.conversation) {
    return (
      <>
        {linkGone && <Alert tone="info">{t('visitor.linkGone')}</Alert>}
        <VisitorStart
          onStarted={(started) => {
            keepVisitorKey(started.access_key);
            setKey(started.access_key);
            setJustStarted(true);
            setLinkGone(false);
            setLoad({ kind: 'ready', conversation: started.conversation });
          }}
        />
      </>
    );
  }
  const conversation = load.conversation;
  return (
    <>
      {justStarted && <Alert tone="success">{t('visitor.mailed')}</Alert>}
      <Conversation
        conversation={conversation}
        send={async (content) => {
          const message = await writeVisitor(key, content);
          setLoad({ kind: 'ready', conversation: withMessage(conversation, message) });
        }}
      />
      <div className="support-forget">
        <p className="muted">{t('visitor.forgetHint')}</p>
        <Button
          variant="secondary"
          className="btn-small"
          onClick={() => {
            forgetVisitorKey();
            setKey(null);
            setJustStarted(false);
            setLoad({ kind: 'ready', conversation: null });
          }}
        >
          {t('visitor.forget')}
        </Button>
      </div>
    </>
  );
}

interface FieldErrors {
  name?: string;
  email?: string;
  content?: string;
  form?: string;
}

function VisitorStart({ onStarted }: { onStarted: (started: Awaited<ReturnType<typeof startVisitor>>) => void }) {
  const { t } = useTranslation(['support', 'errors']);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [content, setContent] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing: FieldErrors = {
      ...(name.trim() ? {} : { name: t('errors:field_required') }),
      ...(email.trim() ? {} : { email: t('errors:field_required') }),
      ...(content.trim() ? {} : { content: t('errors:field_required') }),
    };
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    setBusy(true);
    try {
      onStarted(await startVisitor({ name, email, content }));
    } catch (error) {
      const outcome = readApiError(error, t);
      const text = outcome.kind === 'message' ? outcome.text : t('errors:server_error');
      const field = outcome.kind === 'message' ? outcome.field : undefined;
      setErrors(field === 'name' || field === 'email' || field === 'content' ? { [field]: text } : { form: text });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card support-start" onSubmit={(e) => void submit(e)} noValidate>
      <h2>{t('visitor.startTitle')}</h2>
      <p className="muted">{t('visitor.startLead')}</p>
      <TextField
        label={t('visitor.name')}
        autoComplete="name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors.name}
        maxLength={100}
      />
      <TextField
        label={t('visitor.email')}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email}
        hint={t('visitor.emailHint')}
      />
      <MessageBox value={content} onChange={setContent} error={errors.content} label={t('chat.message')} />
      {errors.form && <Alert>{errors.form}</Alert>}
      <div className="actions">
        <Button type="submit" busy={busy}>
          {t('chat.send')}
        </Button>
      </div>
    </form>
  );
}

function MessageBox({
  value,
  onChange,
  error,
  label,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  label: string;
}) {
  const id = useId();
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        rows={4}
        value={value}
        maxLength={MESSAGE_MAX}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

function Conversation({ conversation, send }: { conversation: SupportConversation | null; send: (content: string) => Promise<void> }) {
  const { t } = useTranslation(['support', 'errors']);
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const end = useRef<HTMLLIElement>(null);
  const count = conversation?.messages.length ?? 0;

  useEffect(() => {
    if (count > 0) end.current?.scrollIntoView({ block: 'nearest' });
  }, [count]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!content.trim()) {
      setError(t('errors:field_required'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await send(content);
      setContent('');
    } catch (err) {
      const outcome = readApiError(err, t);
      setError(outcome.kind === 'message' ? outcome.text : t('errors:server_error'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="support-conversation" aria-labelledby="support-conversation-title">
      <h2 id="support-conversation-title" className="visually-hidden">
        {t('chat.title')}
      </h2>
      {conversation?.status === 'closed' && <Alert tone="info">{t('chat.closed')}</Alert>}
      {conversation && conversation.messages.length > 0 ? (
        <ol className="support-messages" aria-live="polite">
          {conversation.messages.map((message, index) => (
            <SupportMessage key={message.id} message={message} ref={index === count - 1 ? end : undefined} />
          ))}
        </ol>
      ) : (
        <p className="muted">{t('chat.empty')}</p>
      )}
      <form className="support-composer" onSubmit={(e) => void submit(e)} noValidate>
        <MessageBox
          value={content}
          onChange={setContent}
          error={error ?? undefined}
          label={conversation ? t('chat.reply') : t('chat.message')}
        />
        <div className="actions">
          <Button type="submit" busy={busy}>
            {t('chat.send')}
          </Button>
        </div>
      </form>
    </section>
  );
}

function SupportMessage({ message, ref }: { message: ChatMessage; ref?: React.Ref<HTMLLIElement> }) {
  const { t, i18n } = useTranslation('support');
  return (
    <li ref={ref} className={`support-message ${message.mine ? 'support-message-mine' : 'support-message-staff'}`}>
      <span className="support-message-meta">
        <strong>{message.mine ? t('chat.you') : t('chat.support')}</strong> · {formatDateTime(message.created_at, i18n.resolvedLanguage)}
      </span>
      <p>{message.content}</p>
    </li>
  );
}
