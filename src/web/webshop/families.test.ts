import { describe, expect, it } from 'vitest';
import { buyPath, checkoutPath, familyOfProduct, orderFamily, retryPath } from './families';

describe('order families', () => {
  it('knows the checkouts of §2 and nothing else', () => {
    expect(orderFamily('plates')?.quantity).toEqual({ min: 1, max: 20, initial: 1 });
    expect(orderFamily('subscription-family')?.plan).toBe('FAMILY');
    expect(orderFamily('naf')?.naf).toBe(true);
    expect(orderFamily('toString')).toBeNull();
    expect(orderFamily(undefined)).toBeNull();
  });

  it('sends a product of the public shop to its checkout, an organisation plan to its page, anything else to the shop', () => {
    expect(familyOfProduct('registration')).toBe('registration');
    expect(buyPath('extra_plate')).toBe('/checkout/plates');
    expect(buyPath('subscription_single')).toBe('/checkout/subscription-single');
    expect(buyPath('subscription_organisation')).toBe('/app/organisations/integrate-stripe');
    expect(buyPath(null)).toBe('/webshop');
    expect(buyPath('https://evil.example')).toBe('/webshop');
  });

  it('tries a failed payment again through the checkout it came from', () => {
    expect(retryPath({ family: 'registration', plan_type: null, bike_id: 'b 1' })).toBe(checkoutPath('registration', 'b 1'));
    expect(retryPath({ family: 'registration', plan_type: null, bike_id: 'b 1' })).toBe('/checkout/registration?bike_id=b%201');
    expect(retryPath({ family: 'subscription', plan_type: 'FAMILY', bike_id: null })).toBe('/checkout/subscription-family');
    expect(retryPath({ family: 'organisation', plan_type: 'ORGANISATION', bike_id: null })).toBe('/app/organisations/integrate-stripe');
    expect(retryPath({ family: 'unknown', plan_type: null, bike_id: null })).toBe('/webshop');
  });
});
