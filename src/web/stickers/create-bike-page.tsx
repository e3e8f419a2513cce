import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type * as z from 'zod/mini';
import { BIKE_COLORS, type Bike, type CreateBike, createBikeSchema } from '../../domain/bikes';
import { brandOptions, findBrand } from '../../domain/bikes/brands';
import { frameNumberHints, normaliseFrameNumber } from '../../domain/bikes/frame-number';
import { ApiError, api } from '../lib/api-client';
import { readApiError } from '../lib/errors';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { CheckboxField, SelectField, TextField } from '../ui/field';
import { clearDraft, useZodForm } from '../ui/form';
import { FormCard, PageTitle } from '../ui/page';
import { bikeDonePath } from './scan-paths';
import './stickers.css';

// A signed-in page: the schema (and zod) may come with it.
const loadSchema = () => Promise.resolve(createBikeSchema);
const DRAFT = 'from-scan-create-bike';
/** The brand select's "not in the list" choice: the brand is then typed. */
const OTHER = '__other';

/** What the form holds: the schema's input (fields it normalises first accept anything). */
type Values = z.input<typeof createBikeSchema> & Record<string, unknown>;

/**
 * /signup/from-scan/create-bikes-loop?sticker_id=…: registers the bike of the scanned plate — the plate
 * filled in, the frame number with its plausibility hints (§5). A plate whose batch includes the
 * registration needs no credit; otherwise, with none left, a voucher code can be redeemed right here.
 * A signed-in page outside /app: plain api() calls, no query cache.
 */
export function CreateBikePage() {
  const { t } = useTranslation(['scan-register', 'bike-terms', 'errors']);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const scanned = params.get('sticker_id')?.slice(0, 40) ?? '';
  const brands = brandOptions();
  const form = useZodForm<typeof createBikeSchema, Values>(loadSchema, {
    defaultValues: {
      bikekey_id: scanned,
      frame_number: '',
      brand_id: '',
      brand_name: '',
      model: '',
      color_id: '',
      is_electric: false,
      searchable: true,
    },
    draftKey: `${DRAFT}:${scanned}`,
  });
  const [needsCredit, setNeedsCredit] = useState(false);
  const pending = useRef<CreateBike | null>(null);

  const register = async (input: CreateBike) => {
    try {
      const bike = await api<Bike>('/bikes/', { method: 'POST', body: input });
      clearDraft(`${DRAFT}:${scanned}`);
      navigate(bikeDonePath(bike.id));
    } catch (error) {
      // 402 no_subscription: no credit left and the plate brings none; offer a voucher (§6).
      if (error instanceof ApiError && error.status === 402) {
        pending.current = input;
        setNeedsCredit(true);
        return;
      }
      throw error;
    }
  };

  const submit = form.handleSubmit(async (data) => {
    const other = data.brand_id === OTHER || brands.length === 0;
    await register({
      ...data,
      brand_id: other ? null : (data.brand_id ?? null),
      brand_name: other ? (data.brand_name ?? null) : null,
    });
  });

  const chosenBrand = String(form.values.brand_id ?? '');
  const brandId = chosenBrand && chosenBrand !== OTHER ? chosenBrand : null;
  const brandName = brandId ? (findBrand(brandId)?.name ?? '') : String(form.values.brand_name ?? '');
  const frame = String(form.values.frame_number ?? '');
  const hints = normaliseFrameNumber(frame).length >= 5 ? frameNumberHints(frame, { brandId }) : [];

  return (
    <FormCard>
      <PageTitle>{t('create.title')}</PageTitle>
      <p className="scan-lead">{t('create.lead')}</p>
      {form.formError && <Alert>{form.formError}</Alert>}
      <form onSubmit={submit} noValidate>
        <TextField
          label={t('create.plate')}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          hint={scanned && form.values.bikekey_id === scanned ? t('create.plateHint') : undefined}
          {...form.field('bikekey_id')}
        />
        <TextField
          label={t('bike-terms:field.frame_number')}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          hint={t('create.frameHint')}
          {...form.field('frame_number')}
        />
        {hints.length > 0 && (
          <div className="frame-hints">
            <Alert tone="warning" title={t('create.hintsTitle')}>
              <ul>
                {hints.map((hint) => (
                  <li key={hint.code}>{t(`bike-terms:hint.${hint.code}`, { ...hint.params, brand: brandName })}</li>
                ))}
              </ul>
            </Alert>
          </div>
        )}
        {brands.length > 0 && (
          <SelectField
            label={t('create.brand')}
            placeholder={t('create.brandPlaceholder')}
            options={[...brands.map((b) => ({ value: b.id, label: b.name })), { value: OTHER, label: t('bike-terms:brandOther') }]}
            {...form.field('brand_id')}
          />
        )}
        {(brands.length === 0 || chosenBrand === OTHER) && (
          <TextField label={t('create.brandName')} autoComplete="off" {...form.field('brand_name')} />
        )}
        <TextField label={t('create.model')} autoComplete="off" {...form.field('model')} />
        <SelectField
          label={t('create.color')}
          placeholder={t('create.colorPlaceholder')}
          options={BIKE_COLORS.map((c) => ({ value: c, label: t(`bike-terms:color.${c}`) }))}
          {...form.field('color_id')}
        />
        <CheckboxField label={t('create.electric')} {...form.checkbox('is_electric')} />
        <CheckboxField label={t('create.searchable')} {...form.checkbox('searchable')} />
        {!needsCredit && (
          <Button type="submit" block busy={form.submitting}>
            {t('create.submit')}
          </Button>
        )}
      </form>
      {needsCredit && (
        <VoucherBox
          onRedeemed={async () => {
            if (!pending.current) return;
            try {
              await register(pending.current);
              setNeedsCredit(false);
            } catch (error) {
              setNeedsCredit(false);
              const outcome = readApiError(error, t);
              form.setFormError(outcome.kind === 'message' ? outcome.text : t('errors:server_error'));
            }
          }}
        />
      )}
    </FormCard>
  );
}

/** Redeem a voucher code (POST /api/webshop/vouchers/redeem), then carry on registering. */
function VoucherBox({ onRedeemed }: { onRedeemed: () => Promise<void> }) {
  const { t } = useTranslation(['scan-register', 'errors']);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const redeem = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError(t('errors:field_required'));
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await api('/webshop/vouchers/redeem', { method: 'POST', body: { code } });
      await onRedeemed();
    } catch (err) {
      const outcome = readApiError(err, t);
      setError(outcome.kind === 'message' ? outcome.text : t('errors:server_error'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="voucher-box" aria-labelledby="voucher-title">
      <h2 id="voucher-title">{t('create.noCreditTitle')}</h2>
      <p>{t('create.noCreditBody')}</p>
      <form onSubmit={redeem} noValidate>
        <TextField
          label={t('create.voucher')}
          name="code"
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={error}
          autoFocus
        />
        <Button type="submit" block busy={busy}>
          {t('create.redeem')}
        </Button>
      </form>
    </section>
  );
}
