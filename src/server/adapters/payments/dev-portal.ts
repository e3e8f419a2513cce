import type { FastifyInstance, FastifyReply } from 'fastify';
import type { PortalConfigurationObject, PriceObject, ProductObject } from './dev-billing.js';
import { languageOf, type PortalPlan, renderPortalPage } from './dev-pages.js';
import { StripeApiError } from './dev-params.js';
import type { DevStore } from './dev-store.js';
import { type InvoiceObject, renewSubscription, type SubscriptionObject, setCancelAtPeriodEnd, switchPrice } from './dev-subscriptions.js';

// The hosted customer portal /dev-pay/portal/{session}: the session's customer sees their subscriptions and
// invoices, cancels at the period's end or takes that back, switches between the configuration's plans, and,
// as test controls, renews now (paid, or failing). Each change posts the events Stripe's would.

interface PortalSession {
  customer: string;
  configuration: string;
  return_url: string | null;
}

const ACTIONS = ['cancel', 'resume', 'switch', 'renew', 'fail-renewal'] as const;

export function registerPortalPages(
  pages: FastifyInstance,
  store: DevStore,
  html: (reply: FastifyReply, status: number, body: string) => FastifyReply,
) {
  const missing = (id: string) => new StripeApiError(404, `No such billing_portal.session: '${id}'`);

  async function portal(id: string) {
    const session = await store.get<PortalSession>(id, 'billing_portal.session');
    if (!session) throw missing(id);
    const configuration = await store.get<PortalConfigurationObject>(session.data.configuration, 'billing_portal.configuration');
    if (!configuration) throw missing(id);
    return { session: session.data, features: configuration.data.features };
  }

  const plan = async (price: PriceObject): Promise<PortalPlan> => ({
    priceId: price.id,
    name: (await store.get<ProductObject>(price.product, 'product'))?.data.name ?? price.id,
    unitAmount: price.unit_amount,
    interval: price.recurring?.interval ?? null,
  });

  /** The prices the configuration lets a subscription switch to. */
  const switchable = (features: PortalConfigurationObject['features']) =>
    features.subscription_update.enabled && features.subscription_update.default_allowed_updates.includes('price')
      ? features.subscription_update.products.flatMap((product) => product.prices)
      : [];

  pages.get<{ Params: { session: string } }>('/portal/:session', async (request, reply) => {
    const { session, features } = await portal(request.params.session);
    const subscriptions = await store.find<SubscriptionObject>('subscription', 'customer', session.customer);
    const allowed = switchable(features);
    const prices = (await Promise.all(allowed.map((id) => store.get<PriceObject>(id, 'price')))).flatMap((row) => (row ? [row.data] : []));
    const invoices = features.invoice_history.enabled ? await store.find<InvoiceObject>('invoice', 'customer', session.customer) : null;
    return html(
      reply,
      200,
      renderPortalPage({
        sessionId: request.params.session,
        language: languageOf(request),
        returnUrl: session.return_url,
        subscriptions: await Promise.all(
          subscriptions.map(async ({ data: s }) => {
            const item = s.items.data[0];
            if (!item) throw new Error(`subscription ${s.id} has no items`);
            return {
              id: s.id,
              plan: await plan(item.price),
              quantity: item.quantity,
              currency: s.currency,
              status: s.status,
              cancelAtPeriodEnd: s.cancel_at_period_end,
              periodEnd: item.current_period_end,
              endedAt: s.ended_at,
              canCancel: features.subscription_cancel.enabled,
              switchTo: await Promise.all(
                prices.filter((price) => price.id !== item.price.id && price.currency === s.currency).map((price) => plan(price)),
              ),
            };
          }),
        ),
        invoices:
          invoices
            ?.map(({ data: invoice }) => ({
              number: invoice.number,
              created: invoice.created,
              total: invoice.total,
              currency: invoice.currency,
              paid: invoice.status === 'paid',
            }))
            .reverse() ?? null,
      }),
    );
  });

  for (const action of ACTIONS) {
    pages.post<{ Params: { session: string; subscription: string } }>(
      `/portal/:session/subscriptions/:subscription/${action}`,
      async (request, reply) => {
        const { session, features } = await portal(request.params.session);
        const form = new URLSearchParams(typeof request.body === 'string' ? request.body : '');
        await store.mutate(async (m) => {
          const row = await m.lock<SubscriptionObject>(request.params.subscription, 'subscription');
          // Only the session's customer's subscriptions, as if the others did not exist.
          if (row.data.customer !== session.customer) throw new StripeApiError(404, 'No such subscription');
          switch (action) {
            case 'cancel':
            case 'resume':
              if (!features.subscription_cancel.enabled) throw new StripeApiError(403, 'Cancelling is not enabled');
              return setCancelAtPeriodEnd(m, row, action === 'cancel');
            case 'switch': {
              const priceId = form.get('price') ?? '';
              if (!switchable(features).includes(priceId)) throw new StripeApiError(403, 'That plan is not offered here');
              return switchPrice(m, row, (await m.lock<PriceObject>(priceId, 'price')).data);
            }
            case 'renew':
            case 'fail-renewal':
              return renewSubscription(m, row, action === 'fail-renewal');
          }
        });
        return reply.redirect(`/dev-pay/portal/${encodeURIComponent(request.params.session)}`, 303);
      },
    );
  }
}
