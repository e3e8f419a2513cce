import { useTranslation } from 'react-i18next';
import { type BikeDetail, type Equipment, type EquipmentType, LOCK_TYPES } from '../../domain/bikes';
import { ApiError } from '../lib/api-client';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { CheckboxField, SelectField, TextField } from '../ui/field';
import { clearDraft, useZodForm } from '../ui/form';
import { useSaveEquipment } from './equipment-api';
import type { equipmentFormSchema } from './equipment-form-schema';
import { type EquipmentFormValues, equipmentValuesOf } from './equipment-form-values';

const loadSchema = () => import('./equipment-form-schema').then((m) => m.equipmentFormSchema);

/** A 422 on one item of a list (loc body.plate_ids.0) is shown on the list's field (plate_ids). */
function onListField(error: unknown): unknown {
  if (!(error instanceof ApiError) || error.status !== 422) return error;
  const body = error.body as { detail?: { loc?: unknown[] }[] } | null;
  const first = body?.detail?.[0];
  if (first && Array.isArray(first.loc) && first.loc.length > 2) first.loc = first.loc.slice(0, 2);
  return error;
}

interface EquipmentFormProps {
  bike: BikeDetail;
  type: EquipmentType;
  item?: Equipment;
  onSaved: (saved: Equipment) => void;
  onCancel: () => void;
}

/** Add or change one battery, lock or accessory (§3 Equipment draft); a draft survives a reload. */
export function EquipmentForm({ bike, type, item, onSaved, onCancel }: EquipmentFormProps) {
  const { t } = useTranslation(['bike', 'bike-terms']);
  const save = useSaveEquipment(bike.id);
  const draftKey = `bike-equipment:${bike.id}:${item?.id ?? `new-${type}`}`;
  const form = useZodForm<typeof equipmentFormSchema, EquipmentFormValues>(loadSchema, {
    defaultValues: equipmentValuesOf(type, item),
    draftKey,
  });
  const kind = form.values.item_type_memo;
  const suffix = item?.id ?? `new-${type}`;
  const id = (name: string) => `equipment-${suffix}-${name}`;

  const submit = form.handleSubmit(async (payload) => {
    try {
      const saved = await save.mutateAsync({ equipmentId: item?.id, input: payload });
      clearDraft(draftKey);
      onSaved(saved);
    } catch (error) {
      throw onListField(error);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="bike-form bike-equipment-form">
      {form.formError && <Alert>{form.formError}</Alert>}
      <div className="bike-form-grid">
        {kind === 'lock' && (
          <SelectField
            id={id('lock_type_memo')}
            label={t('equipment.fields.lockType')}
            placeholder={t('edit.choose')}
            options={LOCK_TYPES.map((l) => ({ value: l, label: t(`bike-terms:lock.${l}`) }))}
            {...form.field('lock_type_memo')}
          />
        )}
        {kind === 'accessory' && (
          <TextField
            id={id('accessory_type')}
            label={t('equipment.fields.accessoryType')}
            hint={t('equipment.hints.accessoryType')}
            {...form.field('accessory_type')}
          />
        )}
        <TextField
          id={id('manufacturer_name')}
          label={kind === 'lock' ? t('equipment.fields.lockBrand') : t('equipment.fields.manufacturer')}
          autoComplete="off"
          {...form.field('manufacturer_name')}
        />
        <TextField
          id={id('product_name')}
          label={kind === 'lock' ? t('equipment.fields.lockModel') : t('equipment.fields.product')}
          autoComplete="off"
          {...form.field('product_name')}
        />
        {kind === 'lock' && (
          <>
            <TextField
              id={id('physical_key_number')}
              label={t('equipment.fields.keyNumber')}
              autoComplete="off"
              {...form.field('physical_key_number')}
            />
            <TextField
              id={id('varefakta_number')}
              label={t('equipment.fields.varefakta')}
              hint={t('equipment.hints.varefakta')}
              autoComplete="off"
              {...form.field('varefakta_number')}
            />
            <TextField id={id('lock_date')} label={t('equipment.fields.lockDate')} type="date" {...form.field('lock_date')} />
          </>
        )}
        <TextField
          id={id('serial_numbers')}
          label={t('equipment.fields.serialNumbers')}
          hint={t('equipment.hints.list')}
          autoComplete="off"
          spellCheck={false}
          {...form.field('serial_numbers')}
        />
        <TextField
          id={id('plate_ids')}
          label={t('equipment.fields.plateIds')}
          hint={t('equipment.hints.plates')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          {...form.field('plate_ids')}
        />
        <TextField
          id={id('dna_paste_ids')}
          label={t('equipment.fields.dnaPasteIds')}
          hint={t('equipment.hints.dna')}
          autoComplete="off"
          spellCheck={false}
          {...form.field('dna_paste_ids')}
        />
      </div>
      {kind === 'lock' && (
        <>
          <CheckboxField id={id('frame_number_match')} label={t('equipment.fields.frameMatch')} {...form.checkbox('frame_number_match')} />
          <CheckboxField id={id('has_signature')} label={t('equipment.fields.signature')} {...form.checkbox('has_signature')} />
        </>
      )}
      <TextField id={id('note')} label={t('equipment.fields.note')} autoComplete="off" {...form.field('note')} />
      <div className="actions">
        <Button type="submit" busy={form.submitting}>
          {item ? t('equipment.save') : t('equipment.create', { type: t(`bike-terms:equipment.${kind}`).toLowerCase() })}
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            clearDraft(draftKey);
            onCancel();
          }}
        >
          {t('equipment.cancel')}
        </Button>
      </div>
    </form>
  );
}
