import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ChatSummary } from '../../domain/chats';
import type { OwnershipRequest } from '../../domain/ownership';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Spinner } from '../ui/spinner';
import { type RequestDecision, useDecideRequest, useOwnershipRequest } from './ownership-api';
import { ownershipErrorText } from './ownership-parts';
import './ownership.css';

/**
 * Shown on top of a conversation that is an ownership request (rendered by the chats area): the owner
 * accepts (which starts a transfer to the writer) or declines; the writer sees the state, can withdraw, and
 * after acceptance takes the bike over on the receive page.
 */
export function OwnershipRequestPanel({ chat }: { chat: ChatSummary }) {
  const { t } = useTranslation('ownership');
  const id = chat.ownership_request?.id ?? '';
  const request = useOwnershipRequest(id);
  const liveStatus = chat.ownership_request?.status;

  // The conversation learns of a new state live (or on refetch): fetch the request again then.
  const known = request.data?.status;
  const refetch = request.refetch;
  useEffect(() => {
    if (liveStatus && known && liveStatus !== known) void refetch();
  }, [liveStatus, known, refetch]);

  if (!id) return null;
  if (request.isPending) {
    return (
      <section className="ownership-panel" aria-label={t('panel.label')}>
        <Spinner size="small" /> <span>{t('panel.loading')}</span>
      </section>
    );
  }
  if (request.isError) {
    return (
      <section className="ownership-panel" aria-label={t('panel.label')}>
        <Alert>{ownershipErrorText(request.error, t)}</Alert>
      </section>
    );
  }
  return <RequestState request={request.data} />;
}

function RequestState({ request }: { request: OwnershipRequest }) {
  const { t } = useTranslation('ownership');
  const decide = useDecideRequest(request.id);
  const [asking, setAsking] = useState<RequestDecision | null>(null);
  const name = [request.bike.brand_name, request.bike.model].filter(Boolean).join(' ') || t('unnamedBike');
  const side = request.my_side;
  const run = (decision: RequestDecision) => decide.mutate(decision, { onSettled: () => setAsking(null) });

  let actions: React.ReactNode = null;
  if (request.status === 'pending' && side === 'owner') {
    actions = (
      <>
        <Button onClick={() => setAsking('accept')}>{t('panel.accept')}</Button>
        <Button variant="secondary" onClick={() => setAsking('decline')}>
          {t('panel.decline')}
        </Button>
      </>
    );
  } else if (request.status === 'pending') {
    actions = (
      <Button variant="secondary" onClick={() => setAsking('withdraw')}>
        {t('panel.withdraw')}
      </Button>
    );
  } else if (request.status === 'accepted' && request.transfer_id) {
    const transfer = encodeURIComponent(request.transfer_id);
    actions =
      side === 'requester' ? (
        <Link to={`/app/my-bikes/receive-bike?transfer=${transfer}`} className="btn btn-primary">
          {t('panel.takeOver')}
        </Link>
      ) : (
        <Link to={`/app/my-bikes/transfers/${transfer}`} className="btn btn-secondary">
          {t('panel.seeTransfer')}
        </Link>
      );
  }

  return (
    <section className={`ownership-panel ownership-panel-${request.status}`} aria-labelledby="ownership-panel-title">
      <h2 id="ownership-panel-title">{t('panel.title')}</h2>
      <p>{t(`panel.${side}.${request.status}`, { name })}</p>
      {decide.isError && <Alert>{ownershipErrorText(decide.error, t)}</Alert>}
      {actions && <div className="actions">{actions}</div>}
      <ConfirmDialog
        open={asking !== null}
        title={asking ? t(`panel.${asking}Title`, { name }) : ''}
        confirmLabel={asking ? t(`panel.${asking}Confirm`) : ''}
        cancelLabel={t('panel.keep')}
        tone={asking === 'accept' ? 'primary' : 'danger'}
        busy={decide.isPending}
        onConfirm={() => asking && run(asking)}
        onCancel={() => setAsking(null)}
      >
        <p>{asking ? t(`panel.${asking}Body`, { name }) : ''}</p>
      </ConfirmDialog>
    </section>
  );
}
