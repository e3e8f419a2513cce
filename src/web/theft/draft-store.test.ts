import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

// The stolen report's draft store (draft-store.ts): what the profile and the chosen bike fill in, and a draft
// kept by the earlier version of the store. Node has no Web Storage: a Map stands in for it.

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

let store: typeof import('./draft-store');
beforeAll(async () => {
  vi.stubGlobal('localStorage', memoryStorage());
  vi.stubGlobal('sessionStorage', memoryStorage());
  store = await import('./draft-store');
});
// Files share a worker (isolate: false): leave no storage behind for the next one.
afterAll(() => vi.unstubAllGlobals());
beforeEach(() => store.useTheftDraft.getState().reset());

const state = () => store.useTheftDraft.getState();

describe('prefill', () => {
  it('fills only empty fields, each once: what the owner typed stays, and an emptied field stays empty', () => {
    state().update({ first_name: 'Typed' });
    state().prefill({ first_name: 'Profile', city: 'Oslo', zip_code: undefined });
    expect(state().draft).toMatchObject({ first_name: 'Typed', city: 'Oslo' });

    state().update({ city: '' });
    state().prefill({ city: 'Oslo' });
    expect(state().draft.city).toBe('');
  });

  it('fills a field the profile gains later', () => {
    state().prefill({ first_name: 'Hanne', city: undefined });
    state().prefill({ first_name: 'Hanne', city: 'Oslo' });
    expect(state().draft).toMatchObject({ first_name: 'Hanne', city: 'Oslo' });
  });

  it("takes the bike's value from the chosen bike, and the next bike's when another is chosen", () => {
    state().chooseBike('bike-a');
    state().prefill({ bike_price: 9500, frame_number: 'WBK1' });
    expect(state().draft).toMatchObject({ bike_price: 9500, frame_number: 'WBK1' });
    state().update({ bike_price: '12000' });
    state().prefill({ bike_price: 9500 });
    expect(state().draft.bike_price).toBe('12000');

    state().chooseBike('bike-b');
    expect(state().draft.bike_price).toBeUndefined();
    state().prefill({ bike_price: 4000, frame_number: 'WBK2' });
    expect(state().draft).toMatchObject({ bike_id: 'bike-b', bike_price: 4000, frame_number: 'WBK2' });
  });

  it('starts over with nothing prefilled', () => {
    state().prefill({ city: 'Oslo' });
    state().reset();
    state().prefill({ city: 'Oslo' });
    expect(state().draft.city).toBe('Oslo');
  });

  it('tells whether prefilling would fill anything', () => {
    expect(store.hasNewPrefill({ city: 'Oslo' }, [])).toBe(true);
    expect(store.hasNewPrefill({ city: 'Oslo' }, ['city'])).toBe(false);
    expect(store.hasNewPrefill({ city: undefined, zip_code: '' }, [])).toBe(false);
  });
});

describe('a draft of the earlier store (version 1)', () => {
  const stored = (state: object) => localStorage.setItem('theft-draft', JSON.stringify({ state, version: 1 }));

  it('is kept, and nothing the profile or the bike filled before comes back', async () => {
    const draft = { bike_id: 'bike-a', first_name: 'Mette', city: '', lock_status: 'locked', unlockedSteps: ['personal-info'] };
    stored({ draft, prefilledProfile: true, prefilledBike: 'bike-a' });
    await store.useTheftDraft.persist.rehydrate();
    expect(state().draft).toEqual(draft);
    state().prefill({ first_name: 'Other', city: 'København N', bike_color: 'blue' });
    expect(state().draft).toEqual(draft);
  });

  it('still takes what the profile and the bike never filled', async () => {
    stored({ draft: { bike_id: 'bike-b', first_name: 'Typed' }, prefilledProfile: false, prefilledBike: null });
    await store.useTheftDraft.persist.rehydrate();
    state().prefill({ first_name: 'Profile', city: 'Oslo', bike_color: 'blue' });
    expect(state().draft).toMatchObject({ first_name: 'Typed', city: 'Oslo', bike_color: 'blue' });
  });
});
