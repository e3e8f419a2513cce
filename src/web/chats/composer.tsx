import { type FormEvent, type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readApiError } from '../lib/errors';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { useSendMessage, useSendPhotoMessage } from './chats-api';
import { placeFields, type SharedPlace } from './contact-send';
import { useDraftStore } from './draft-store';
import { MESSAGE_MAX_LENGTH } from './limits';
import { MessageField } from './message-field';
import { PhotoField } from './photo-field';
import { PlaceDialog } from './place-dialog';

/**
 * Writing in a conversation: Enter sends, Shift+Enter starts a new line. What is typed is kept as a draft
 * (a reload does not lose it) and stays in the box when sending fails. A photo and a place may go with the
 * text (issue 6: a finder shows where the bike is); either may also go alone. `disabledReason` explains
 * why one cannot write (a block).
 */
export function Composer({ chatId, disabledReason }: { chatId: string; disabledReason: string | null }) {
  const { t } = useTranslation(['chats', 'errors']);
  const content = useDraftStore((s) => s.replies[chatId] ?? '');
  const setReply = useDraftStore((s) => s.setReply);
  const clearReply = useDraftStore((s) => s.clearReply);
  const send = useSendMessage(chatId);
  const sendWithPhoto = useSendPhotoMessage(chatId);
  const [error, setError] = useState<string | null>(null);
  const [photo, setPhoto] = useState<File | null>(null);
  const [place, setPlace] = useState<SharedPlace | null>(null);
  const [choosingPlace, setChoosingPlace] = useState(false);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const busy = send.isPending || sendWithPhoto.isPending;

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy || disabledReason) return;
    const text = content.trim();
    if (!text && !photo && !place) {
      setError(t('errors:field_required'));
      fieldRef.current?.focus();
      return;
    }
    setError(null);
    try {
      if (photo) await sendWithPhoto.mutateAsync({ photo, content: text, place });
      else await send.mutateAsync({ content: text, ...placeFields(place) });
      clearReply(chatId);
      setPhoto(null);
      setPlace(null);
    } catch (err) {
      const outcome = readApiError(err, t);
      setError(outcome.kind === 'message' ? outcome.text : t('errors:server_error'));
    }
    fieldRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter (and Enter while an input method composes a word) is a new line.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  if (disabledReason) {
    return (
      <div className="chat-composer chat-composer-off">
        <Alert tone="warning">{disabledReason}</Alert>
      </div>
    );
  }
  return (
    <>
      <form className="chat-composer" onSubmit={(e) => void submit(e)} noValidate aria-busy={busy || undefined}>
        {error && <Alert>{error}</Alert>}
        <MessageField
          ref={fieldRef}
          label={t('composer.label')}
          hint={t('composer.hint')}
          name="content"
          rows={2}
          maxLength={MESSAGE_MAX_LENGTH}
          value={content}
          error={undefined}
          onChange={(e) => {
            setReply(chatId, e.target.value);
            if (error) setError(null);
          }}
          onKeyDown={onKeyDown}
        />
        {place && (
          <p className="composer-place">
            <span>{place.label?.trim() ? t('composer.placeChosen', { label: place.label.trim() }) : t('composer.placeChosenUnnamed')}</span>{' '}
            <Button variant="link" onClick={() => setPlace(null)} disabled={busy}>
              {t('composer.removePlace')}
            </Button>
          </p>
        )}
        <div className="composer-bar">
          <PhotoField file={photo} onChange={setPhoto} disabled={busy} compact />
          <Button variant="secondary" className="btn-small" onClick={() => setChoosingPlace(true)} disabled={busy}>
            {place ? t('composer.changePlace') : t('composer.sharePlace')}
          </Button>
          <Button type="submit" busy={busy} className="composer-send">
            {t('composer.send')}
          </Button>
        </div>
        <p className="composer-status" role="status">
          {sendWithPhoto.isPending ? t('composer.sendingPhoto') : ''}
        </p>
      </form>
      <PlaceDialog
        open={choosingPlace}
        initial={place}
        onClose={() => setChoosingPlace(false)}
        onChoose={(chosen) => {
          setPlace(chosen);
          setChoosingPlace(false);
        }}
      />
    </>
  );
}
