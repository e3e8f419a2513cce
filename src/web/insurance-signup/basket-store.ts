import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { BasketItem, InsurancePurchase } from '../../domain/insurance-purchase';

// The Danish insurance sign-up's draft (§3 Insurance purchase, §4 drafts persist locally): the basket of bikes
// and the insurer a link named, in localStorage, so it survives a reload. The checkout's fields (the CPR number
// among them) are the form's own draft in sessionStorage (ui/form.ts); the placed order, for its confirmation
// page, is kept in sessionStorage too.

interface BasketState {
  items: BasketItem[];
  /** ?insurer= of the link the sign-up was opened with, if any. */
  insurer: string | null;
  /** Whether the basket was ever filled: a basket emptied on purpose gets no default bike again. */
  started: boolean;
  add(item: Omit<BasketItem, 'id'>): void;
  update(id: string, patch: Partial<Omit<BasketItem, 'id'>>): void;
  remove(id: string): void;
  setInsurer(insurer: string): void;
  clear(): void;
}

export const useBasket = create<BasketState>()(
  persist(
    (set) => ({
      items: [],
      insurer: null,
      started: false,
      add: (item) => set((s) => ({ items: [...s.items, { ...item, id: crypto.randomUUID() }], started: true })),
      update: (id, patch) => set((s) => ({ items: s.items.map((item) => (item.id === id ? { ...item, ...patch } : item)) })),
      remove: (id) => set((s) => ({ items: s.items.filter((item) => item.id !== id) })),
      setInsurer: (insurer) => set({ insurer }),
      clear: () => set({ items: [], insurer: null, started: false }),
    }),
    { name: 'insurance-signup-basket', storage: createJSONStorage(() => localStorage), version: 1 },
  ),
);

interface OrderState {
  order: InsurancePurchase | null;
  setOrder(order: InsurancePurchase): void;
}

/** The order just placed: this tab only, for /forsikrings-indtegning/order-confirmation. */
export const usePlacedOrder = create<OrderState>()(
  persist((set) => ({ order: null, setOrder: (order) => set({ order }) }), {
    name: 'insurance-signup-order',
    storage: createJSONStorage(() => sessionStorage),
    version: 1,
  }),
);
