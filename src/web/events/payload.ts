// §7 Events: what is sent to POST /api/actions/{category}/{action}. Pure, so it is unit-tested.
import type { Metric } from 'web-vitals';

export type EventData = Record<string, string | number | boolean | null>;

export interface EventInput {
  name?: string;
  value?: number;
  data?: EventData;
}

export interface EventBody {
  event_name?: string;
  event_id: string;
  source_url: string;
  value?: number;
  data?: EventData;
}

export function eventUrl(category: string, action: string, installed: boolean): string {
  return `/api/actions/${encodeURIComponent(category)}/${encodeURIComponent(action)}?installed=${installed}`;
}

/**
 * The page an event came from, without query and fragment: those can carry secrets
 * (auth_token, reset and verification codes) that must not end up in the analytics table.
 */
export function sourceUrl(href: string): string {
  try {
    const url = new URL(href);
    return `${url.origin}${url.pathname}`;
  } catch {
    return '';
  }
}

export function eventBody(input: EventInput, context: { eventId: string; href: string }): EventBody {
  const body: EventBody = { event_id: context.eventId, source_url: sourceUrl(context.href) };
  if (input.name !== undefined) body.event_name = input.name;
  if (input.value !== undefined && Number.isFinite(input.value)) body.value = input.value;
  if (input.data !== undefined) body.data = input.data;
  return body;
}

/** An event as the tag manager's dataLayer takes it: `event` names it, the rest are its variables. */
export function tagManagerEntry(category: string, action: string, body: EventBody): Record<string, unknown> {
  return {
    event: `${category}.${action}`,
    event_category: category,
    event_action: action,
    event_id: body.event_id,
    page_location: body.source_url,
    ...(body.event_name === undefined ? {} : { event_name: body.event_name }),
    ...(body.value === undefined ? {} : { value: body.value }),
    ...(body.data === undefined ? {} : { event_data: body.data }),
  };
}

/** §7: layout shift is reported multiplied by 1000, so every metric is a whole number (the others are ms). */
export function metricValue(name: Metric['name'], value: number): number {
  return Math.round(name === 'CLS' ? value * 1000 : value);
}

export type MetricReport = Pick<Metric, 'name' | 'value' | 'rating' | 'id' | 'navigationType'>;

/** A web-vitals metric as an event; metric_id lets a later, larger value replace an earlier one. */
export function metricEvent(metric: MetricReport): EventInput {
  return {
    name: metric.name,
    value: metricValue(metric.name, metric.value),
    data: { rating: metric.rating, metric_id: metric.id, navigation_type: metric.navigationType },
  };
}
