import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { purchaseRequestSchema, purchaseSchema, quoteRequestSchema, quoteSchema } from '../../domain/insurance-purchase.js';
import type { AppContext } from '../context.js';
import { requestLanguage } from '../http/errors.js';
import { placePurchase, quotePurchase } from './purchase-service.js';

const tags = ['insurance'];
const rule =
  'The premium a year per bike: its insured value (the price in whole kroner, 10 % less for each full year since ' +
  'the purchase, at most 50 % less) × 4 % for basic (theft) or 6 % for plus (theft and damage), one percentage point ' +
  'more for an electric bike and one more for a racer, road, mountainTour or cargo bike, rounded half up to the øre, ' +
  'at least 300 kr. Amounts are whole øre (DKK); no VAT (insurance is VAT-exempt in Denmark); duty_ore is the ' +
  'skadesforsikringsafgift, 1.1 % of the premiums; total_ore = premium_ore + duty_ore.';

// The Danish insurance sign-up (§2 /forsikrings-indtegning, §3 Insurance purchase): public, for visitors and
// signed-in buyers alike.
export function purchaseRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/insurance/purchases/quote',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Price a basket of bikes to insure',
          description: `Public; stores nothing. ${rule} Items: id (a UUID the browser made), bikePrice (whole kroner, 1 to 200000), bikeType (a bike category), bikeIsElectric, bikePurchaseDate (YYYY-MM-DD, not in the future), coverage (basic, plus); 1 to 10 items with distinct ids. 422 names the bad field.`,
          body: quoteRequestSchema,
          response: { 200: quoteSchema },
        },
      },
      async (request) => quotePurchase(request.body.items),
    );

    app.post(
      '/insurance/purchases/',
      {
        // Anyone may order, and each order mails an address: limited like the identity calls that mail.
        config: { access: 'public', rateLimit: { max: ctx.config.authRateLimitPerMinute, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Order insurance for a basket of bikes',
          description:
            `Public: a visitor or a signed-in buyer. The basket is priced on the server (${rule}) and stored with the checkout; ` +
            'the CPR number (social_number, a Danish one, DDMMYY-XXXX) is sealed and answered only masked. The insurer is ' +
            "insurer_party_id when given (an insurance company of the register, else 422 insurer_not_found), else the register's " +
            'first insurance company. A signed-in buyer gets an active policy (source purchase) held by the party they act as; ' +
            'a visitor none. The order confirmation is mailed to the checkout email in the language of Accept-Language. ' +
            '422 names each bad field (cpr_invalid, bank_register_invalid, bank_account_invalid, terms_required, ' +
            'insurance_bike_price_invalid, insurance_basket_empty …).',
          body: purchaseRequestSchema,
          response: { 201: purchaseSchema },
        },
      },
      async (request, reply) => {
        const purchase = await placePurchase(ctx, request.caller, request.body, request.caller?.language ?? requestLanguage(request));
        void ctx.mailer.flush();
        return reply.status(201).send(purchase);
      },
    );
  };
}
