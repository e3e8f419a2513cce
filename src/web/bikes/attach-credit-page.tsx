import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BikeDetail } from '../../domain/bikes';
import { readApiError } from '../lib/errors';
import { formatDate } from '../lib/intl';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { BackToBike, BikeGate, BikeLoadError } from './bike-gate';
import { bikeName } from './bike-terms';
import { useActivateCredit, useBikeActivations } from './bikes-api';
import './bike.css';

/** /app/my-bikes/{bikeId}/attach-existing-credit: use one of the party's unused credits for this bike (§3, §7). */
export function AttachCreditPage() {
  return <BikeGate>{(bike) => <AttachCredit bike={bike} />}</BikeGate>;
}

function AttachCredit({ bike }: { bike: BikeDetail }) {
  const { t, i18n } = useTranslation(['bike', 'bike-terms']);
  const activations = useBikeActivations();
  const activate = useActivateCredit();
  const [done, setDone] = useState(false);
  const unused = (activations.data ?? []).filter((c) => c.bike_ownership_id === null);
  const failure = activate.isError ? readApiError(activate.error, t) : null;
  const base = `/app/my-bikes/${encodeURIComponent(bike.id)}`;
  const name = bikeName(bike, t);

  let body: React.ReactNode;
  if (done) {
    body = (
      <>
        <Alert tone="success" title={t('credit.doneTitle')}>
          {t('credit.doneBody', { name })}
        </Alert>
        <div className="actions">
          <Link to={base} className="btn btn-primary">
            {t('credit.toBike')}
          </Link>
        </div>
      </>
    );
  } else if (bike.flags.active) {
    body = (
      <>
        <Alert tone="success">{t('credit.alreadyActive', { name })}</Alert>
        <Link to={`${base}/subscription-status`}>{t('credit.seeStatus')}</Link>
      </>
    );
  } else if (activations.isError) {
    body = <BikeLoadError error={activations.error} onRetry={() => void activations.refetch()} retrying={activations.isFetching} />;
  } else if (activations.isPending) {
    body = <Loading />;
  } else if (unused.length === 0) {
    body = (
      <>
        <p className="bike-empty">{t('credit.none')}</p>
        <div className="actions">
          <Link to={`${base}/redeem-voucher`} className="btn btn-primary">
            {t('credit.redeem')}
          </Link>
        </div>
      </>
    );
  } else {
    body = (
      <>
        <p>{t('credit.lead', { count: unused.length, name })}</p>
        {failure?.kind === 'message' && <Alert>{failure.text}</Alert>}
        <ul className="bike-card-list">
          {unused.map((credit) => (
            <li key={credit.id} className="card bike-credit">
              <div>
                <strong>{t(`credit.plan.${credit.plan_type}`)}</strong>
                <p className="muted">{t('credit.createdOn', { date: formatDate(credit.created_on, i18n.language) })}</p>
              </div>
              <Button
                onClick={() =>
                  activate.mutate({ creditId: credit.id, bikeOwnershipId: bike.bike_ownership_id }, { onSuccess: () => setDone(true) })
                }
                busy={activate.isPending && activate.variables?.creditId === credit.id}
                disabled={activate.isPending}
              >
                {t('credit.use')}
              </Button>
            </li>
          ))}
        </ul>
      </>
    );
  }

  return (
    <div className="bike-page bike-narrow">
      <BackToBike bikeId={bike.id} />
      <PageTitle>{t('credit.title')}</PageTitle>
      {body}
    </div>
  );
}
