import { describe, expect, it } from 'vitest';
import { equipmentFormSchema } from './equipment-form-schema';
import { equipmentValuesOf } from './equipment-form-values';

describe('the equipment form', () => {
  it('turns a battery into the payload: lists split, lock fields empty', () => {
    const values = { ...equipmentValuesOf('battery'), serial_numbers: 'BAT-1, BAT-2', plate_ids: 'demo0020', varefakta_number: 'x' };
    const payload = equipmentFormSchema.parse(values);
    expect(payload.item_type_memo).toBe('battery');
    expect(payload.serial_numbers).toEqual(['BAT-1', 'BAT-2']);
    expect(payload.plate_ids).toEqual(['DEMO0020']);
    expect(payload.varefakta_number).toBeNull();
    expect(payload.lock_type_memo).toBeNull();
  });

  it('keeps a lock’s certificate data', () => {
    const values = {
      ...equipmentValuesOf('lock'),
      lock_type_memo: 'chain',
      varefakta_number: 'VF-1234',
      physical_key_number: 'K-77',
      lock_date: '2024-02-01',
      frame_number_match: true,
    };
    const payload = equipmentFormSchema.parse(values);
    expect(payload).toMatchObject({
      item_type_memo: 'lock',
      lock_type_memo: 'chain',
      varefakta_number: 'VF-1234',
      physical_key_number: 'K-77',
      lock_date: '2024-02-01',
      frame_number_match: true,
      has_signature: false,
    });
  });

  it('marks a short plate ID on the plate field', () => {
    const result = equipmentFormSchema.safeParse({ ...equipmentValuesOf('battery'), plate_ids: 'AB' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path[0]).toBe('plate_ids');
    expect(result.error?.issues[0]?.message).toBe('plate_id_too_short');
  });

  it('fills the form from an item and back again unchanged', () => {
    const item = {
      id: 'e1',
      item_type_memo: 'accessory' as const,
      note: null,
      plate_ids: [],
      serial_numbers: ['S1'],
      dna_paste_ids: ['DNA1', 'DNA2'],
      manufacturer_name: 'Basil',
      product_name: 'Kurv',
      frame_number_match: null,
      has_signature: null,
      varefakta_number: null,
      lock_date: null,
      physical_key_number: null,
      lock_type_memo: null,
      accessory_type: 'basket',
      documents: [],
    };
    const payload = equipmentFormSchema.parse(equipmentValuesOf('battery', item));
    expect(payload).toMatchObject({
      item_type_memo: 'accessory',
      serial_numbers: ['S1'],
      dna_paste_ids: ['DNA1', 'DNA2'],
      accessory_type: 'basket',
    });
  });
});
