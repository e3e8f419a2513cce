import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatSummary } from '../../domain/chats';
import { readApiError } from '../lib/errors';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { useBlock, useShareContact } from './chats-api';
import { ReportDialog } from './report-dialog';

type Notice = { tone: 'success' | 'error'; text: string } | null;

/**
 * What one can do with a conversation: show or stop showing one's contact, block or unblock the other
 * participant (after a question), and report the conversation to staff.
 */
export function ChatActions({ chat }: { chat: ChatSummary }) {
  const { t } = useTranslation(['chats', 'errors']);
  const [open, setOpen] = useState(false);
  const [dialog, setDialog] = useState<'block' | 'report' | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const share = useShareContact(chat.id);

  // A closed dialog hands focus back to the options button (the item that opened it is hidden by then).
  const hadDialog = useRef(false);
  useEffect(() => {
    if (hadDialog.current && dialog === null) toggleRef.current?.focus();
    hadDialog.current = dialog !== null;
  }, [dialog]);

  // A disclosure: it closes when focus leaves it, and on Escape (focus back on its button).
  useEffect(() => {
    const menu = menuRef.current;
    if (!menu || !open) return;
    const onFocusOut = (event: FocusEvent) => {
      if (!menu.contains(event.relatedTarget as Node | null)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    menu.addEventListener('focusout', onFocusOut);
    menu.addEventListener('keydown', onKey);
    return () => {
      menu.removeEventListener('focusout', onFocusOut);
      menu.removeEventListener('keydown', onKey);
    };
  }, [open]);
  const block = useBlock(chat.id);

  const failed = (error: unknown) => {
    const outcome = readApiError(error, t);
    setNotice({ tone: 'error', text: outcome.kind === 'message' ? outcome.text : t('errors:server_error') });
  };
  const toggleShare = async () => {
    setNotice(null);
    try {
      const next = await share.mutateAsync(!chat.i_share_contact);
      setNotice({ tone: 'success', text: next.i_share_contact ? t('actions.sharedNow') : t('actions.notSharedNow') });
    } catch (error) {
      failed(error);
    }
  };
  const setBlocked = async (value: boolean) => {
    setNotice(null);
    try {
      await block.mutateAsync(value);
      setDialog(null);
      setNotice({ tone: 'success', text: value ? t('actions.blockedNow') : t('actions.unblockedNow') });
    } catch (error) {
      setDialog(null);
      failed(error);
    }
  };
  const choose = (action: () => void) => {
    setOpen(false);
    action();
  };

  return (
    <div className="chat-actions">
      <div className="chat-menu" ref={menuRef}>
        <button
          ref={toggleRef}
          type="button"
          className="btn btn-secondary btn-small"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen((o) => !o)}
        >
          {t('actions.menu')}
        </button>
        <div id={menuId} className="chat-menu-list" hidden={!open}>
          <Button variant="link" busy={share.isPending} onClick={() => choose(() => void toggleShare())}>
            {chat.i_share_contact ? t('actions.stopShare') : t('actions.share')}
          </Button>
          {chat.blocked ? (
            <Button variant="link" busy={block.isPending} onClick={() => choose(() => void setBlocked(false))}>
              {t('actions.unblock')}
            </Button>
          ) : (
            <Button variant="link" onClick={() => choose(() => setDialog('block'))}>
              {t('actions.block')}
            </Button>
          )}
          <Button variant="link" onClick={() => choose(() => setDialog('report'))}>
            {t('actions.report')}
          </Button>
        </div>
      </div>
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <Dialog
        open={dialog === 'block'}
        title={t('actions.blockTitle')}
        busy={block.isPending}
        onClose={() => setDialog(null)}
        actions={
          <>
            <Button variant="danger" busy={block.isPending} onClick={() => void setBlocked(true)}>
              {t('actions.blockConfirm')}
            </Button>
            <Button variant="secondary" disabled={block.isPending} onClick={() => setDialog(null)}>
              {t('actions.cancel')}
            </Button>
          </>
        }
      >
        <p>{t('actions.blockBody')}</p>
      </Dialog>
      <ReportDialog chatId={chat.id} open={dialog === 'report'} onClose={() => setDialog(null)} />
    </div>
  );
}
