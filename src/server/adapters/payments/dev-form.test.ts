import { describe, expect, it } from 'vitest';
import { parseStripeForm } from './dev-form.js';

// The development payment provider reads request bodies as the Stripe SDK writes them: form-encoded, nested
// objects and arrays in bracket notation.
describe('parseStripeForm', () => {
  it('reads nested objects and arrays in bracket notation', () => {
    const body = new URLSearchParams([
      ['mode', 'payment'],
      ['line_items[0][quantity]', '2'],
      ['line_items[0][price_data][currency]', 'dkk'],
      ['line_items[0][price_data][product_data][name]', 'Plade & stel'],
      ['line_items[1][quantity]', '1'],
      ['metadata[order_id]', 'o-1'],
    ]).toString();
    expect(parseStripeForm(body)).toEqual({
      mode: 'payment',
      line_items: [{ quantity: '2', price_data: { currency: 'dkk', product_data: { name: 'Plade & stel' } } }, { quantity: '1' }],
      metadata: { order_id: 'o-1' },
    });
  });

  it('reads what the SDK sends for an empty body, and keeps keys with brackets encoded', () => {
    expect(parseStripeForm('')).toEqual({});
    expect(parseStripeForm('metadata%5Ba%5D=1&expand%5B0%5D=line_items')).toEqual({ metadata: { a: '1' }, expand: ['line_items'] });
  });

  it('refuses keys that would reach the prototype, holes in arrays, clashes and deep nesting', () => {
    for (const body of [
      '__proto__[x]=1',
      'metadata[__proto__]=1',
      'a[constructor][prototype]=1',
      'line_items[5][quantity]=1',
      'a=1&a[b]=2',
      'a[b]=2&a=1',
      'a[0]=1&a[x]=2',
      'a[b]c=1',
      `a${'[b]'.repeat(10)}=1`,
    ]) {
      expect(() => parseStripeForm(body), body).toThrow();
    }
  });
});
