import { describe, expect, it } from 'vitest';
import type { Bike } from '../../domain/bikes';
import { bikeEditSchema } from './bike-edit-schema';
import { changedFields, editValuesOf, OTHER_BRAND } from './bike-edit-values';

const bike: Bike = {
  id: '00000000-0000-4000-8000-000000000001',
  bike_ownership_id: '00000000-0000-4000-8000-000000000002',
  bikekey_id: 'DEMO0020',
  frame_number: 'WBK 123456Z',
  nickname: 'Den røde',
  normal_price_dkk: 4500,
  purchase_date: '2023-05-01',
  type_id: 'female',
  color_id: 'red',
  is_electric: false,
  model: 'Logic',
  category_id: 'city',
  brand_id: null,
  brand_name: 'Hjemmebygget',
  production_year: 2022,
  flags: { active: true, private: true, searchable: true, reported_stolen: false },
  picture_url: null,
  registered_on: '2024-01-01T00:00:00Z',
  hints: [],
};

describe('the bike edit form', () => {
  it('starts from the bike, with a brand not in the table as "other"', () => {
    const values = editValuesOf(bike);
    expect(values.brand_id).toBe(OTHER_BRAND);
    expect(values.brand_name).toBe('Hjemmebygget');
    // Shown as Danish writes it (the page's language; Danish when none is set), and read back the same way.
    expect(values.normal_price_dkk).toBe('4.500');
    expect(values.searchable).toBe(true);
  });

  it('sends nothing when nothing changed', () => {
    const parsed = bikeEditSchema.parse(editValuesOf(bike));
    expect(changedFields(bike, parsed)).toEqual({});
  });

  it('sends only what changed, normalised by the shared schema', () => {
    const values = { ...editValuesOf(bike), nickname: 'Hverdagscyklen', color_id: 'blue', model: '', bikekey_id: ' demo0021 ' };
    const parsed = bikeEditSchema.parse(values);
    expect(changedFields(bike, parsed)).toEqual({ nickname: 'Hverdagscyklen', color_id: 'blue', model: null, bikekey_id: 'DEMO0021' });
  });

  it('refuses a short frame number and a future purchase date with their codes', () => {
    const result = bikeEditSchema.safeParse({ ...editValuesOf(bike), frame_number: 'AB1', purchase_date: '2999-01-01' });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((i) => `${String(i.path[0])}:${i.message}`);
    expect(messages).toContain('frame_number:frame_number_too_short');
    expect(messages).toContain('purchase_date:purchase_date_future');
  });
});
