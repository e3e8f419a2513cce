import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { OwnershipLookup } from '../../domain/ownership';
import { PublicBikeCard } from '../search/public-bike-card';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { TextField } from '../ui/field';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { useOwnershipLookup } from './ownership-api';
import { ownershipErrorText } from './ownership-parts';
import '../bikes/bike.css';

/**
 * /app/bikes/request-ownership: someone holding a bike registered to another (bought used, say) finds it by
 * its frame number or plate ID and asks the owner to hand it over. The query is kept in the address, so a
 * reload or Back shows the same bike.
 */
export function RequestOwnershipPage() {
  const { t } = useTranslation('ownership');
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const [typed, setTyped] = useState(q);
  const [error, setError] = useState<string | undefined>();
  const lookup = useOwnershipLookup(q);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = typed.trim();
    if (value.length < 5) {
      setError(t('request.queryTooShort'));
      return;
    }
    setError(undefined);
    setParams({ q: value }, { replace: true });
  };

  return (
    <div className="bike-page bike-narrow ownership-page">
      <PageTitle>{t('request.title')}</PageTitle>
      <p className="ownership-lead">{t('request.lead')}</p>
      <ol className="ownership-steps">
        <li>{t('request.step1')}</li>
        <li>{t('request.step2')}</li>
        <li>{t('request.step3')}</li>
      </ol>
      <form className="card" onSubmit={submit} noValidate aria-label={t('request.searchLabel')}>
        <TextField
          label={t('request.query')}
          name="q"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          error={error}
          hint={t('request.queryHint')}
        />
        <Button type="submit" busy={lookup.isFetching}>
          {t('request.find')}
        </Button>
      </form>
      {q !== '' && (
        <div className="ownership-result" aria-live="polite">
          {lookup.isPending ? (
            <Loading />
          ) : lookup.isError ? (
            <Alert>{ownershipErrorText(lookup.error, t)}</Alert>
          ) : (
            <LookupResult result={lookup.data} q={q} />
          )}
        </div>
      )}
    </div>
  );
}

function LookupResult({ result, q }: { result: OwnershipLookup; q: string }) {
  const { t } = useTranslation('ownership');
  const bike = result.bike;
  if (!bike) {
    return (
      <Alert tone="info" title={t('request.notFoundTitle')}>
        <p>{t('request.notFoundBody', { q })}</p>
        <Link to="/app/bikes/register">{t('request.registerInstead')}</Link>
      </Alert>
    );
  }
  const id = encodeURIComponent(bike.id);
  return (
    <PublicBikeCard bike={bike} headingLevel={2}>
      {result.mine ? (
        <Alert tone="info">
          <p>{t('request.mine')}</p>
          <Link to={`/app/my-bikes/${id}`}>{t('request.toMyBike')}</Link>
        </Alert>
      ) : bike.reported_stolen ? (
        <Alert tone="warning">
          <p>{t('request.stolen')}</p>
          <Link to={`/app/bikes/${id}/contact-bike-owner`}>{t('request.contactOwner')}</Link>
        </Alert>
      ) : (
        <div className="actions">
          <Link to={`/app/bikes/request-ownership/${id}?q=${encodeURIComponent(q)}`} className="btn btn-primary">
            {t('request.ask')}
          </Link>
        </div>
      )}
    </PublicBikeCard>
  );
}
