import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { CHAT_MESSAGE_MAX_LENGTH } from '../../domain/chats';
import { PublicBikeCard } from '../search/public-bike-card';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { useOwnershipLookup, useRequestOwnership } from './ownership-api';
import { errorCode, ownershipErrorText } from './ownership-parts';
import '../bikes/bike.css';

const draftKey = (bikeId: string) => `draft:ownership-request-${bikeId}`;

function readDraft(bikeId: string): string {
  try {
    return sessionStorage.getItem(draftKey(bikeId)) ?? '';
  } catch {
    return '';
  }
}

/**
 * /app/bikes/request-ownership/{bikeId}?q=: the message to the owner (how the writer came to have the bike).
 * The card comes from the same lookup as the page before (the address keeps its query), so a bike that is
 * not searchable still shows what the writer typed. The text is kept in this tab until it is sent.
 */
export function RequestMessagePage() {
  const { t } = useTranslation('ownership');
  const bikeId = useParams().bikeId ?? '';
  const q = useSearchParams()[0].get('q') ?? '';
  const lookup = useOwnershipLookup(q);
  const send = useRequestOwnership(bikeId);
  const navigate = useNavigate();
  const [content, setContent] = useState(() => readDraft(bikeId));
  const [error, setError] = useState<string | undefined>();
  const fieldId = useId();
  const ref = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    try {
      sessionStorage.setItem(draftKey(bikeId), content);
    } catch {
      // Storage may be off; the text stays in the box.
    }
  }, [bikeId, content]);

  const bike = lookup.data?.bike?.id === bikeId ? lookup.data.bike : null;
  const back = `/app/bikes/request-ownership${q ? `?q=${encodeURIComponent(q)}` : ''}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = content.trim();
    if (text === '') {
      setError(t('message.required'));
      ref.current?.focus();
      return;
    }
    setError(undefined);
    try {
      const request = await send.mutateAsync(text);
      sessionStorage.removeItem(draftKey(bikeId));
      navigate(`/app/bikes/request-ownership/success/${encodeURIComponent(request.chat_id)}`);
    } catch {
      // Shown below from the mutation's error; the text stays in the box.
    }
  };

  let card: React.ReactNode;
  if (lookup.isPending && q !== '') card = <Loading />;
  else if (bike) card = <PublicBikeCard bike={bike} headingLevel={2} />;
  else if (lookup.isError) card = <Alert>{ownershipErrorText(lookup.error, t)}</Alert>;
  else
    card = (
      <Alert tone="info">
        <p>{t('message.noBike')}</p>
        <Link to="/app/bikes/request-ownership">{t('message.startOver')}</Link>
      </Alert>
    );

  const pending = errorCode(send.error) === 'request_pending';
  return (
    <div className="bike-page bike-narrow ownership-page">
      <p className="bike-back">
        <Link to={back}>
          <span aria-hidden="true">← </span>
          {t('message.back')}
        </Link>
      </p>
      <PageTitle>{t('message.title')}</PageTitle>
      <p className="ownership-lead">{t('message.lead')}</p>
      {card}
      {bike && !lookup.data?.mine && (
        <form className="card ownership-message" onSubmit={(event) => void submit(event)} noValidate>
          {send.isError && (
            <Alert>
              <p>{ownershipErrorText(send.error, t)}</p>
              {pending && <Link to="/app/chats">{t('message.toChats')}</Link>}
            </Alert>
          )}
          <div className={`field${error ? ' field-invalid' : ''}`}>
            <label htmlFor={fieldId}>{t('message.label')}</label>
            <textarea
              ref={ref}
              id={fieldId}
              name="content"
              rows={6}
              maxLength={CHAT_MESSAGE_MAX_LENGTH}
              value={content}
              onChange={(event) => setContent(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${fieldId}-hint${error ? ` ${fieldId}-error` : ''}`}
            />
            <p className="field-hint" id={`${fieldId}-hint`}>
              {t('message.hint')} {t('message.counter', { used: content.length, max: CHAT_MESSAGE_MAX_LENGTH })}
            </p>
            {error && (
              <p className="field-error" id={`${fieldId}-error`}>
                {error}
              </p>
            )}
          </div>
          <p className="field-hint ownership-before-submit">{t('message.privacy')}</p>
          <Button type="submit" busy={send.isPending}>
            {t('message.submit')}
          </Button>
        </form>
      )}
    </div>
  );
}
