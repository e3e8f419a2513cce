import { isValidElement } from 'react';
import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

describe('linkify', () => {
  it('makes web addresses links and leaves the rest as text, never HTML', () => {
    const parts = linkify('Open <b>this</b>: http://localhost:3000/verify-email?code=abc_123\nThanks');
    expect(parts[0]).toBe('Open <b>this</b>: ');
    const link = parts[1];
    expect(isValidElement(link) && (link.props as { href: string }).href).toBe('http://localhost:3000/verify-email?code=abc_123');
    expect(parts[2]).toBe('\nThanks');
  });

  it('does not link other schemes', () => {
    expect(linkify('javascript:alert(1)')).toEqual(['javascript:alert(1)']);
  });
});
