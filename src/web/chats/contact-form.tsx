import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { PublicBike } from '../../domain/bikes';
import { readApiError } from '../lib/errors';
import { useSession, useSessionStore } from '../lib/session-store';
import { PublicBikeCard } from '../search/public-bike-card';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { CheckboxField } from '../ui/field';
import { PageTitle } from '../ui/page';
import { contactPath } from './contact-paths';
import { sendContact } from './contact-send';
import { hasContactDraft, useContactDraft, useDraftStore } from './draft-store';
import { MESSAGE_MAX_LENGTH } from './limits';
import { MessageField } from './message-field';
import { PhotoField } from './photo-field';
import { PlaceField } from './place-field';
import { useFinderPhoto } from './use-finder-photo';

/**
 * The form. A finder (the page opened with `?found=1`, or any contact about a stolen bike, issue 6) gets
 * a message written for them to edit, a place on a map and a photo; sending starts the conversation with
 * the text and the place, sends the photo after it, and opens the conversation.
 */
export function ContactForm({ bike }: { bike: PublicBike }) {
  const { t } = useTranslation(['chat-contact', 'errors']);
  const bikeId = bike.id;
  const foundParam = useSearchParams()[0].get('found') === '1';
  const session = useSession();
  const navigate = useNavigate();
  const draft = useContactDraft(bikeId);
  const finder = foundParam || bike.reported_stolen || draft.finder;
  const setDraft = useDraftStore((s) => s.setContact);
  const clearDraft = useDraftStore((s) => s.clearContact);
  const photo = useFinderPhoto(bikeId, finder);
  const [phase, setPhase] = useState<'idle' | 'message' | 'photo'>('idle');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [askLogin, setAskLogin] = useState(false);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  // Came back from logging in with the message waiting: say so, once.
  const [welcomeBack] = useState(() => Boolean(session && draft.waitingForLogin && draft.content.trim()));
  const loginRef = useRef<HTMLHeadingElement>(null);
  const signedIn = session !== null;
  const prefill = t('finder.prefill');

  useEffect(() => {
    // A finder starts from a message written for them, in the page's language (theirs to change or empty).
    if (finder && !hasContactDraft(bikeId)) setDraft(bikeId, { content: prefill, finder: true });
  }, [finder, bikeId, prefill, setDraft]);
  useEffect(() => {
    // Back here signed in: the message no longer waits for a login (the reminder elsewhere stops).
    if (signedIn && useDraftStore.getState().contacts[bikeId]?.waitingForLogin) setDraft(bikeId, { waitingForLogin: false });
  }, [signedIn, bikeId, setDraft]);
  useEffect(() => {
    if (askLogin) loginRef.current?.focus();
  }, [askLogin]);

  const check = (): boolean => {
    const text = draft.content.trim();
    const problem = !text ? t('errors:field_required') : text.length > MESSAGE_MAX_LENGTH ? t('errors:too_long') : undefined;
    setFieldError(problem);
    if (problem) fieldRef.current?.focus();
    return !problem;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    if (!check()) return;
    if (!session) {
      setDraft(bikeId, { waitingForLogin: true });
      setAskLogin(true);
      return;
    }
    try {
      const sent = await sendContact(
        {
          bikeId,
          content: draft.content.trim(),
          shareContact: draft.shareContact,
          place: finder ? draft.place : null,
          photo: finder ? photo.photo : null,
        },
        setPhase,
      );
      clearDraft(bikeId);
      photo.forget();
      if (!finder) {
        navigate(`${contactPath(bikeId)}/success?chat=${encodeURIComponent(sent.chatId)}`, { replace: true });
        return;
      }
      // The conversation exists now; a photo that did not go is said there, where it can be sent again.
      const photoError = sent.photoError ? photoErrorText(sent.photoError) : null;
      navigate(`/app/chats/${encodeURIComponent(sent.chatId)}`, { replace: true, state: { sent: true, photoError } });
    } catch (error) {
      // The text stays in the box; the reason is said in the user's language (the server's §8 text).
      const outcome = readApiError(error, t);
      if (outcome.kind === 'login') navigate('/login');
      else if (outcome.kind === 'redirect') navigate(outcome.to);
      else if (outcome.field === 'content') {
        setFieldError(outcome.text);
        fieldRef.current?.focus();
      } else setFormError(outcome.text);
    } finally {
      setPhase('idle');
    }
  };

  const photoErrorText = (error: unknown): string => {
    const outcome = readApiError(error, t);
    return outcome.kind === 'message' ? outcome.text : t('errors:server_error');
  };

  /** Logging in or signing up brings the visitor back here (§2 stored return path); the draft remembers a finder's form. */
  const goSignIn = (to: '/login' | '/signup') => {
    setDraft(bikeId, { waitingForLogin: true, finder });
    useSessionStore.getState().setReturnPath(contactPath(bikeId));
    navigate(to);
  };

  const sending = phase !== 'idle';
  return (
    <div className="chat-page chat-narrow">
      <PageTitle>{finder ? t('finder.title') : t('contact.title')}</PageTitle>
      <p className="chat-lead">{finder ? t('finder.lead') : t('contact.lead')}</p>
      <PublicBikeCard bike={bike} headingLevel={2} finderActions={false} />
      <Alert tone="info" title={t('contact.anonymityTitle')}>
        {t('contact.anonymity')}
      </Alert>
      {welcomeBack && !formError && <Alert tone="success">{t('contact.welcomeBack')}</Alert>}
      {finder && photo.lost && <Alert tone="warning">{t('photo.lost')}</Alert>}
      {formError && <Alert>{formError}</Alert>}
      <form onSubmit={(event) => void submit(event)} noValidate className="card contact-form">
        <MessageField
          ref={fieldRef}
          label={finder ? t('finder.message') : t('contact.message')}
          hint={finder ? t('finder.messageHint') : t('contact.messageHint')}
          name="content"
          rows={6}
          maxLength={MESSAGE_MAX_LENGTH}
          value={draft.content}
          error={fieldError}
          onChange={(e) => {
            setDraft(bikeId, { content: e.target.value });
            if (fieldError) setFieldError(undefined);
          }}
        />
        {finder && (
          <>
            <PlaceField value={draft.place} onChange={(place) => setDraft(bikeId, { place })} />
            <PhotoField file={photo.photo} onChange={photo.choose} disabled={sending} />
          </>
        )}
        <CheckboxField
          label={t('contact.shareContact')}
          name="share_contact"
          checked={draft.shareContact}
          onChange={(e) => setDraft(bikeId, { shareContact: e.target.checked })}
        />
        <Button type="submit" busy={sending}>
          {finder ? t('finder.send') : t('contact.send')}
        </Button>
        <p className="contact-phase" role="status">
          {phase === 'message' ? t('contact.sending') : phase === 'photo' ? t('photo.sending') : ''}
        </p>
        {!session && <p className="muted contact-visitor-note">{finder ? t('finder.visitorNote') : t('contact.visitorNote')}</p>}
      </form>
      {!session && askLogin && (
        <section className="card contact-login" aria-labelledby="contact-login-title">
          <h2 id="contact-login-title" ref={loginRef} tabIndex={-1}>
            {t('contact.loginTitle')}
          </h2>
          <p>{t('contact.loginLead')}</p>
          <div className="actions">
            <Button onClick={() => goSignIn('/login')}>{t('contact.logIn')}</Button>
            <Button variant="secondary" onClick={() => goSignIn('/signup')}>
              {t('contact.signUp')}
            </Button>
          </div>
        </section>
      )}
    </div>
  );
}
