import type { PaymentEvent } from '../adapters/payments/port.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';

// The subscription's events (issue 12): customer.subscription.created / updated / deleted, invoice.paid and
// invoice.payment_failed keep the party's subscription row and its credits true. Called by the fulfilment worker
// inside the event's transaction; answers whether it handled the event.

export async function handleSubscriptionEvent(_ctx: AppContext, _tx: Db, _event: PaymentEvent): Promise<boolean> {
  return false;
}
