import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { CheckoutFields } from '../../domain/insurance-purchase';
import { useProfile } from '../lib/profile';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { CheckboxField, TextField } from '../ui/field';
import { clearDraft, useZodForm } from '../ui/form';
import { LegalLinks } from '../ui/legal-links';
import { PageTitle } from '../ui/page';
import { useBasket, usePlacedOrder } from './basket-store';
import { OrderedBikes, QuoteTotals } from './quote-parts';
import { placePurchase, useQuote } from './signup-api';

const loadSchema = () => import('../../domain/insurance-purchase').then((m) => m.checkoutSchema);
const DRAFT_KEY = 'insurance-signup-checkout';

const EMPTY: CheckoutFields = {
  name: '',
  email: '',
  social_number: '',
  address: '',
  zip_code: '',
  city: '',
  floor: '',
  side: '',
  door: '',
  mobile: '',
  other_phone: '',
  bank_register: '',
  bank_account: '',
  accept_terms: false,
};

/**
 * /forsikrings-indtegning/overblik (§2, public): the basket as the server prices it and the checkout's fields (§3).
 * A signed-in buyer's profile fills the fields still empty (never the CPR number, which the profile holds only
 * masked). What is typed is kept in this tab (sessionStorage) across a reload.
 */
export function OverviewPage() {
  const { t } = useTranslation('insurance-signup');
  const navigate = useNavigate();
  const { items, insurer, clear } = useBasket();
  const setOrder = usePlacedOrder((s) => s.setOrder);
  const quote = useQuote(items);
  const profile = useProfile().data;
  const form = useZodForm(loadSchema, { defaultValues: EMPTY, draftKey: DRAFT_KEY, draftExclude: [] });
  const prefilled = useRef(false);
  const { values, setValue } = form;

  useEffect(() => {
    if (!profile || prefilled.current) return;
    prefilled.current = true;
    const name = [profile.first_name, profile.last_name].filter(Boolean).join(' ') || profile.name;
    const fromProfile = {
      name,
      email: profile.email,
      address: profile.street,
      zip_code: profile.zip_code,
      city: profile.city,
      floor: profile.floor,
      side: profile.side,
      door: profile.door,
      mobile: profile.mobile,
      other_phone: profile.phone,
    };
    for (const [field, value] of Object.entries(fromProfile)) {
      if (value && !values[field as keyof CheckoutFields]) setValue(field as keyof CheckoutFields, value);
    }
  }, [profile, values, setValue]);

  const submit = form.handleSubmit(async (checkout) => {
    const order = await placePurchase({ items, checkout, insurer_party_id: insurer });
    setOrder(order);
    clear();
    clearDraft(DRAFT_KEY);
    navigate('/forsikrings-indtegning/order-confirmation', { replace: true });
  });

  if (items.length === 0) {
    return (
      <>
        <PageTitle>{t('overview.title')}</PageTitle>
        <p>{t('overview.empty')}</p>
        <Link to="/forsikrings-indtegning" className="btn btn-primary">
          {t('overview.toBasket')}
        </Link>
      </>
    );
  }
  return (
    <>
      <PageTitle>{t('overview.title')}</PageTitle>
      <section aria-labelledby="ordered-bikes">
        <h2 id="ordered-bikes">{t('overview.bikes')}</h2>
        <OrderedBikes items={items} quote={quote.data} />
        <QuoteTotals quote={quote} />
        {quote.isError && <Alert tone="warning">{t('basket.fixFirst')}</Alert>}
        <Link to="/forsikrings-indtegning">{t('overview.edit')}</Link>
      </section>
      <form className="signup-checkout" onSubmit={submit} noValidate>
        <h2>{t('overview.details')}</h2>
        <div className="signup-fields">
          <TextField label={t('checkout.name')} autoComplete="name" {...form.field('name')} />
          <TextField label={t('checkout.email')} type="email" autoComplete="email" {...form.field('email')} />
          <TextField
            label={t('checkout.socialNumber')}
            hint={t('checkout.socialNumberHint')}
            inputMode="numeric"
            autoComplete="off"
            placeholder="DDMMÅÅ-XXXX"
            {...form.field('social_number')}
          />
          <TextField label={t('checkout.address')} autoComplete="address-line1" {...form.field('address')} />
          <TextField label={t('checkout.zipCode')} inputMode="numeric" autoComplete="postal-code" {...form.field('zip_code')} />
          <TextField label={t('checkout.city')} autoComplete="address-level2" {...form.field('city')} />
          <TextField label={t('checkout.floor')} {...form.field('floor')} />
          <TextField label={t('checkout.side')} {...form.field('side')} />
          <TextField label={t('checkout.door')} {...form.field('door')} />
          <TextField label={t('checkout.mobile')} type="tel" autoComplete="tel" {...form.field('mobile')} />
          <TextField label={t('checkout.otherPhone')} type="tel" {...form.field('other_phone')} />
          <TextField
            label={t('checkout.bankRegister')}
            inputMode="numeric"
            hint={t('checkout.bankRegisterHint')}
            {...form.field('bank_register')}
          />
          <TextField
            label={t('checkout.bankAccount')}
            inputMode="numeric"
            hint={t('checkout.bankAccountHint')}
            {...form.field('bank_account')}
          />
        </div>
        <p className="muted">{t('checkout.why')}</p>
        <CheckboxField label={t('checkout.acceptTerms')} {...form.checkbox('accept_terms')} />
        <LegalLinks />
        {form.formError && <Alert>{form.formError}</Alert>}
        <div className="actions">
          <Button type="submit" busy={form.submitting} disabled={quote.isError}>
            {t('checkout.submit')}
          </Button>
        </div>
      </form>
    </>
  );
}
