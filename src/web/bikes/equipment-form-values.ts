import type { Equipment, EquipmentType } from '../../domain/bikes';
import { splitList } from './bike-format';

// The equipment form: what it holds (lists typed as text, one field each), filled from an item, and the
// payload it becomes. Fields that do not belong to the item's type are sent empty, so a battery never
// carries a lock's certificate data.

export interface EquipmentFormValues extends Record<string, unknown> {
  item_type_memo: EquipmentType;
  manufacturer_name: string;
  product_name: string;
  serial_numbers: string;
  plate_ids: string;
  dna_paste_ids: string;
  lock_type_memo: string;
  physical_key_number: string;
  varefakta_number: string;
  lock_date: string;
  frame_number_match: boolean;
  has_signature: boolean;
  accessory_type: string;
  note: string;
}

export function equipmentValuesOf(type: EquipmentType, item?: Equipment): EquipmentFormValues {
  return {
    item_type_memo: item?.item_type_memo ?? type,
    manufacturer_name: item?.manufacturer_name ?? '',
    product_name: item?.product_name ?? '',
    serial_numbers: item?.serial_numbers.join(', ') ?? '',
    plate_ids: item?.plate_ids.join(', ') ?? '',
    dna_paste_ids: item?.dna_paste_ids.join(', ') ?? '',
    lock_type_memo: item?.lock_type_memo ?? '',
    physical_key_number: item?.physical_key_number ?? '',
    varefakta_number: item?.varefakta_number ?? '',
    lock_date: item?.lock_date ?? '',
    frame_number_match: item?.frame_number_match === true,
    has_signature: item?.has_signature === true,
    accessory_type: item?.accessory_type ?? '',
    note: item?.note ?? '',
  };
}

/** The form's values in the payload's shape, before the shared schema checks them. */
export function equipmentPayloadOf(values: EquipmentFormValues): Record<string, unknown> {
  const lock = values.item_type_memo === 'lock';
  return {
    item_type_memo: values.item_type_memo,
    manufacturer_name: values.manufacturer_name,
    product_name: values.product_name,
    serial_numbers: splitList(values.serial_numbers),
    plate_ids: splitList(values.plate_ids),
    dna_paste_ids: splitList(values.dna_paste_ids),
    lock_type_memo: lock ? values.lock_type_memo : null,
    physical_key_number: lock ? values.physical_key_number : null,
    varefakta_number: lock ? values.varefakta_number : null,
    lock_date: lock ? values.lock_date : null,
    frame_number_match: lock ? values.frame_number_match === true : null,
    has_signature: lock ? values.has_signature === true : null,
    accessory_type: values.item_type_memo === 'accessory' ? values.accessory_type : null,
    note: values.note,
  };
}
