import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { NafMembership } from '../../domain/webshop/naf';
import { NAF_NUMBER_MAX_LENGTH, nafNumberProblem } from '../../domain/webshop/naf';
import { readApiError } from '../lib/errors';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { TextField } from '../ui/field';
import { LoadError } from '../ui/load-error';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { checkoutPath, ORDER_FAMILIES, type OrderFamilyName } from './families';
import { formatMoney } from './money';
import { useNafTheme } from './naf-theme';
import { useProducts } from './products-api';
import { useClaimNafRegistration, useNafMembership, useSaveNafNumber } from './webshop-api';
import './webshop.css';

const NAF_CHOICES: OrderFamilyName[] = ['naf', 'naf-subscription-single', 'naf-subscription-family'];

/**
 * /app/bikes/register/purchase-naf (§1, §5): the NAF member flow, in NAF's theme throughout. The membership number
 * (6-8 letters or digits, checked here and on the server), then the member prices and the checkout, and a member's
 * extra bike registration.
 */
export function NafPage() {
  const { t } = useTranslation('webshop');
  useNafTheme(true);
  const membership = useNafMembership();
  let body: React.ReactNode;
  if (membership.data?.member_number) body = <Member membership={membership.data} />;
  else if (membership.data) body = <NumberForm />;
  else if (membership.isError)
    body = <LoadError error={membership.error} onRetry={() => void membership.refetch()} retrying={membership.isFetching} />;
  else body = <Loading />;
  return (
    <div className="webshop webshop-narrow naf">
      <p className="naf-badge" aria-hidden="true">
        NAF
      </p>
      <PageTitle>{t('naf.title')}</PageTitle>
      <p className="webshop-lead">{t('naf.lead')}</p>
      {body}
    </div>
  );
}

function NumberForm() {
  const { t } = useTranslation(['webshop', 'errors']);
  const save = useSaveNafNumber();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (nafNumberProblem(value)) {
      setError(t('errors:naf_number_invalid'));
      return;
    }
    setError(undefined);
    save.mutate(value.trim(), {
      onError: (err) => {
        const outcome = readApiError(err, t);
        if (outcome.kind === 'message') setError(outcome.text);
      },
    });
  };
  return (
    <form className="card stack" onSubmit={submit} noValidate>
      <TextField
        label={t('naf.number')}
        hint={t('naf.numberHint')}
        value={value}
        maxLength={NAF_NUMBER_MAX_LENGTH + 4}
        autoComplete="off"
        error={error}
        onChange={(event) => setValue(event.target.value)}
      />
      <div className="actions">
        <Button type="submit" busy={save.isPending}>
          {t('naf.confirm')}
        </Button>
      </div>
    </form>
  );
}

function Member({ membership }: { membership: NafMembership }) {
  const { t, i18n } = useTranslation('webshop');
  const products = useProducts(null);
  const claim = useClaimNafRegistration();
  const failure = claim.isError ? readApiError(claim.error, t) : null;
  const byCode = new Map((products.data?.products ?? []).map((product) => [product.code, product]));
  return (
    <>
      <Alert tone="success" title={t('naf.memberTitle', { number: membership.member_number })}>
        {t('naf.memberBody', { percent: membership.discount_percent })}
      </Alert>
      {products.isPending && <Loading />}
      {products.isError && !products.data && (
        <LoadError error={products.error} onRetry={() => void products.refetch()} retrying={products.isFetching} />
      )}
      <ul className="webshop-products webshop-choices">
        {NAF_CHOICES.map((family) => {
          const product = byCode.get(ORDER_FAMILIES[family].product);
          if (!product) return null;
          const price = product.member_price ?? product.price;
          const headingId = `naf-${family}`;
          return (
            <li key={family} className="card webshop-product" aria-labelledby={headingId}>
              <h2 id={headingId}>{product.name}</h2>
              <p className="webshop-price">
                <strong>{formatMoney(price.unit_amount_ore, product.currency, i18n.resolvedLanguage)}</strong>{' '}
                <span>{t(product.interval === 'year' ? 'price.perYear' : 'price.once')}</span>
              </p>
              {product.member_price && (
                <p className="muted">
                  {t('naf.normalPrice', { price: formatMoney(product.price.unit_amount_ore, product.currency, i18n.resolvedLanguage) })}
                </p>
              )}
              <Link to={checkoutPath(family)} className="btn btn-primary webshop-buy" aria-describedby={headingId}>
                {product.kind === 'subscription' ? t('shop.subscribe') : t('shop.buy')}
              </Link>
            </li>
          );
        })}
      </ul>
      <section className="card" aria-labelledby="naf-extra">
        <h2 id="naf-extra">{t('naf.extraTitle')}</h2>
        {claim.isSuccess ? (
          <>
            <Alert tone="success">{t('naf.extraDone')}</Alert>
            <Link to="/app/bikes/register" className="btn btn-primary">
              {t('done.registerBike')}
            </Link>
          </>
        ) : membership.extra_registration_available ? (
          <>
            <p>{t('naf.extraBody')}</p>
            {failure?.kind === 'message' && <Alert>{failure.text}</Alert>}
            <Button onClick={() => claim.mutate()} busy={claim.isPending}>
              {t('naf.extraClaim')}
            </Button>
          </>
        ) : (
          <p className="muted">{t('naf.extraUsed')}</p>
        )}
      </section>
    </>
  );
}
