import { describe, expect, it } from 'vitest';
import { eventBody, eventUrl, metricEvent, metricValue, sourceUrl, tagManagerEntry } from './payload';

describe('eventUrl', () => {
  it('names category, action and the installed flag (§7)', () => {
    expect(eventUrl('navigation', 'route-change', false)).toBe('/api/actions/navigation/route-change?installed=false');
    expect(eventUrl('web-vitals', 'LCP', true)).toBe('/api/actions/web-vitals/LCP?installed=true');
  });

  it('escapes path segments', () => {
    expect(eventUrl('a/b', 'c d', false)).toBe('/api/actions/a%2Fb/c%20d?installed=false');
  });
});

describe('sourceUrl', () => {
  it('keeps origin and path but drops query and fragment, which can carry tokens', () => {
    expect(sourceUrl('https://cykel.dk/reset-password?token=secret#top')).toBe('https://cykel.dk/reset-password');
    expect(sourceUrl('http://localhost:3000/app?auth_token=abc')).toBe('http://localhost:3000/app');
  });

  it('answers an empty string for something that is not a URL', () => {
    expect(sourceUrl('not a url')).toBe('');
  });
});

describe('eventBody', () => {
  const context = { eventId: 'id-1', href: 'https://cykel.dk/login?x=1' };

  it('always carries the event id and the source url', () => {
    expect(eventBody({}, context)).toEqual({ event_id: 'id-1', source_url: 'https://cykel.dk/login' });
  });

  it('adds name, value and data when given', () => {
    expect(eventBody({ name: 'LCP', value: 1200, data: { rating: 'good' } }, context)).toEqual({
      event_name: 'LCP',
      event_id: 'id-1',
      source_url: 'https://cykel.dk/login',
      value: 1200,
      data: { rating: 'good' },
    });
  });

  it('leaves out a value that is not a finite number (JSON would turn it into null)', () => {
    expect(eventBody({ value: Number.NaN }, context)).not.toHaveProperty('value');
    expect(eventBody({ value: Number.POSITIVE_INFINITY }, context)).not.toHaveProperty('value');
  });
});

describe('metricValue', () => {
  it('multiplies layout shift by 1000 (§7)', () => {
    expect(metricValue('CLS', 0.1)).toBe(100);
    expect(metricValue('CLS', 0.0123)).toBe(12);
    expect(metricValue('CLS', 0)).toBe(0);
  });

  it('keeps the timing metrics in whole milliseconds', () => {
    expect(metricValue('LCP', 1234.56)).toBe(1235);
    expect(metricValue('INP', 40)).toBe(40);
    expect(metricValue('TTFB', 0.4)).toBe(0);
  });
});

describe('metricEvent', () => {
  it('turns a metric into an event with its rating and id', () => {
    expect(metricEvent({ name: 'CLS', value: 0.25, rating: 'poor', id: 'v5-1', navigationType: 'navigate' })).toEqual({
      name: 'CLS',
      value: 250,
      data: { rating: 'poor', metric_id: 'v5-1', navigation_type: 'navigate' },
    });
  });
});

describe('tagManagerEntry', () => {
  it('names the event by category and action and carries what the server gets, the page without its query', () => {
    const body = eventBody(
      { name: 'LCP', value: 1200, data: { rating: 'good' } },
      { eventId: 'id-2', href: 'https://cykel.dk/?auth_token=x' },
    );
    expect(tagManagerEntry('web-vitals', 'LCP', body)).toEqual({
      event: 'web-vitals.LCP',
      event_category: 'web-vitals',
      event_action: 'LCP',
      event_id: 'id-2',
      page_location: 'https://cykel.dk/',
      event_name: 'LCP',
      value: 1200,
      event_data: { rating: 'good' },
    });
    expect(tagManagerEntry('navigation', 'route-change', eventBody({}, { eventId: 'id-3', href: 'https://cykel.dk/search' }))).toEqual({
      event: 'navigation.route-change',
      event_category: 'navigation',
      event_action: 'route-change',
      event_id: 'id-3',
      page_location: 'https://cykel.dk/search',
    });
  });
});
