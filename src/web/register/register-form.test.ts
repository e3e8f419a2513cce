import { describe, expect, it } from 'vitest';
import { registerFormSchema } from './register-form';
import { EMPTY_REGISTER_FORM, OTHER_BRAND } from './register-values';

const messages = (values: Record<string, unknown>) => {
  const result = registerFormSchema.safeParse({ ...EMPTY_REGISTER_FORM, ...values });
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe('register form', () => {
  it('asks for all fields: the frame number, and the plate unless it comes later', () => {
    expect(messages({})).toEqual({ frame_number: 'fill_all_fields', bikekey_id: 'fill_all_fields' });
    expect(messages({ plate_later: true })).toEqual({ frame_number: 'fill_all_fields' });
    expect(messages({ frame_number: 'WBK1', plate_later: true })).toEqual({ frame_number: 'frame_number_too_short' });
    expect(messages({ frame_number: 'WBK123456Z', bikekey_id: 'abc' })).toEqual({ bikekey_id: 'plate_id_too_short' });
  });

  it('builds the payload: blank optional fields are not given, the plate upper case, brand or typed brand', () => {
    const result = registerFormSchema.safeParse({
      ...EMPTY_REGISTER_FORM,
      frame_number: ' WBK123456Z ',
      bikekey_id: 'demo 0001',
      brand_id: OTHER_BRAND,
      brand_name: 'Smedens',
      is_electric: true,
      normal_price_dkk: '4500',
      production_year: '2021',
    });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({
      frame_number: 'WBK123456Z',
      bikekey_id: 'DEMO0001',
      brand_id: null,
      brand_name: 'Smedens',
      is_electric: true,
      normal_price_dkk: 4500,
      production_year: 2021,
      nickname: null,
      color_id: null,
    });
  });

  it('sends no plate when it comes later, and refuses a purchase date in the future', () => {
    const later = registerFormSchema.safeParse({ ...EMPTY_REGISTER_FORM, frame_number: 'WBK123456Z', plate_later: true });
    expect(later.data?.bikekey_id).toBeNull();
    expect(messages({ frame_number: 'WBK123456Z', plate_later: true, purchase_date: '2999-01-01' })).toEqual({
      purchase_date: 'purchase_date_future',
    });
  });
});
