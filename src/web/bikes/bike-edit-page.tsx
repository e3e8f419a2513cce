import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { BIKE_CATEGORIES, BIKE_COLORS, BIKE_TYPES, type BikeDetail } from '../../domain/bikes';
import { brandOptions } from '../../domain/bikes/brands';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { CheckboxField, SelectField, TextField } from '../ui/field';
import { clearDraft, useZodForm } from '../ui/form';
import { PageTitle } from '../ui/page';
import type { bikeEditSchema } from './bike-edit-schema';
import { type BikeEditValues, changedFields, editValuesOf, OTHER_BRAND } from './bike-edit-values';
import { BackToBike, BikeGate } from './bike-gate';
import { bikeName } from './bike-terms';
import { useUpdateBike } from './bikes-api';
import { FrameNumberField } from './frame-number-field';
import { PictureManager } from './picture-manager';
import './bike.css';

const loadSchema = () => import('./bike-edit-schema').then((m) => m.bikeEditSchema);

/** /app/my-bikes/{bikeId}/edit: the bike's fields (a draft that survives reloads) and its pictures. */
export function BikeEditPage() {
  return <BikeGate>{(bike) => <BikeEdit bike={bike} />}</BikeGate>;
}

function BikeEdit({ bike }: { bike: BikeDetail }) {
  const { t } = useTranslation(['bike', 'bike-terms']);
  const navigate = useNavigate();
  const location = useLocation();
  const update = useUpdateBike(bike.id);
  const draftKey = `bike-edit:${bike.id}`;
  const original = useRef(editValuesOf(bike));
  const form = useZodForm<typeof bikeEditSchema, BikeEditValues>(loadSchema, { defaultValues: original.current, draftKey });
  const values = form.values;

  // A draft that holds nothing new is dropped on leaving, so a later visit starts from the bike as it is then.
  const valuesRef = useRef(values);
  valuesRef.current = values;
  useEffect(
    () => () => {
      if (JSON.stringify(valuesRef.current) === JSON.stringify(original.current)) clearDraft(draftKey);
    },
    [draftKey],
  );

  // /edit#pictures (from the details tab) scrolls to the pictures.
  useEffect(() => {
    if (location.hash === '#pictures') document.getElementById('pictures')?.focus();
  }, [location.hash]);

  const submit = form.handleSubmit(async (parsed) => {
    const changes = changedFields(bike, parsed);
    if (Object.keys(changes).length > 0) await update.mutateAsync(changes);
    clearDraft(draftKey);
    navigate(`/app/my-bikes/${encodeURIComponent(bike.id)}/post-edit`);
  });

  const year = Number(values.production_year);
  const brandId = values.brand_id && values.brand_id !== OTHER_BRAND ? values.brand_id : null;
  const options = (list: readonly string[], group: string) => list.map((v) => ({ value: v, label: t(`bike-terms:${group}.${v}`) }));

  return (
    <div className="bike-page">
      <BackToBike bikeId={bike.id} />
      <PageTitle title={t('edit.title', { name: bikeName(bike, t) })}>{t('edit.title', { name: bikeName(bike, t) })}</PageTitle>
      <p className="muted">{t('edit.lead')}</p>
      {form.formError && <Alert>{form.formError}</Alert>}
      <form onSubmit={submit} noValidate className="card bike-form">
        <h2>{t('edit.identification')}</h2>
        <FrameNumberField
          {...form.field('frame_number')}
          brandId={brandId}
          productionYear={Number.isInteger(year) && year > 1900 ? year : null}
        />
        <TextField
          label={t('bike-terms:field.bikekey_id')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          hint={t('edit.plateHint')}
          {...form.field('bikekey_id')}
        />
        <h2>{t('edit.about')}</h2>
        <div className="bike-form-grid">
          <TextField label={t('bike-terms:field.nickname')} autoComplete="off" {...form.field('nickname')} />
          <SelectField
            label={t('bike-terms:field.brand')}
            placeholder={t('edit.choose')}
            options={[
              ...brandOptions().map((b) => ({ value: b.id, label: b.name })),
              { value: OTHER_BRAND, label: t('bike-terms:brandOther') },
            ]}
            {...form.field('brand_id')}
          />
          {values.brand_id === OTHER_BRAND && (
            <TextField label={t('bike-terms:field.brand_name')} autoComplete="off" {...form.field('brand_name')} />
          )}
          <TextField label={t('bike-terms:field.model')} autoComplete="off" {...form.field('model')} />
          <SelectField
            label={t('bike-terms:field.color_id')}
            placeholder={t('edit.choose')}
            options={options(BIKE_COLORS, 'color')}
            {...form.field('color_id')}
          />
          <SelectField
            label={t('bike-terms:field.category_id')}
            placeholder={t('edit.choose')}
            options={options(BIKE_CATEGORIES, 'category')}
            {...form.field('category_id')}
          />
          <SelectField
            label={t('bike-terms:field.type_id')}
            placeholder={t('edit.choose')}
            options={options(BIKE_TYPES, 'type')}
            {...form.field('type_id')}
          />
          <TextField
            label={t('bike-terms:field.production_year')}
            inputMode="numeric"
            autoComplete="off"
            {...form.field('production_year')}
          />
          <TextField label={t('bike-terms:field.purchase_date')} type="date" {...form.field('purchase_date')} />
          <TextField
            label={t('bike-terms:field.normal_price_dkk')}
            inputMode="numeric"
            autoComplete="off"
            {...form.field('normal_price_dkk')}
          />
        </div>
        <CheckboxField label={t('bike-terms:field.is_electric')} {...form.checkbox('is_electric')} />
        <h2>{t('edit.visibility')}</h2>
        <CheckboxField label={t('bike-terms:field.searchable')} {...form.checkbox('searchable')} />
        <p className="field-hint">{t('edit.searchableHint')}</p>
        <div className="actions">
          <Button type="submit" busy={form.submitting}>
            {t('edit.save')}
          </Button>
          <Link to={`/app/my-bikes/${encodeURIComponent(bike.id)}`} className="btn btn-secondary" onClick={() => clearDraft(draftKey)}>
            {t('edit.cancel')}
          </Link>
        </div>
      </form>
      <PictureManager bike={bike} />
      <p className="bike-after">
        <Link to={`/app/my-bikes/${encodeURIComponent(bike.id)}/edit/equipment`}>{t('edit.toEquipment')}</Link>
      </p>
    </div>
  );
}
