import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  newsletterConfirmedSchema,
  newsletterIssueSchema,
  newsletterPreviewSchema,
  newsletterSentSchema,
  newsletterSignupAnswerSchema,
  newsletterSignupSchema,
  newsletterTokenParamsSchema,
  newsletterUnsubscribedSchema,
} from '../../domain/newsletter.js';
import type { AppContext } from '../context.js';
import { callerOf } from '../http/auth.js';
import { previewIssue, sendIssue } from './issues.js';
import { confirmSubscription, requestSubscription, unsubscribe } from './service.js';

const tags = ['newsletter'];

// Issue 15: the newsletter's public calls (sign-up, confirm, one-click unsubscribe) and staff's sending.
export function newsletterRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // RFC 8058: a mail client unsubscribes by POSTing the form body `List-Unsubscribe=One-Click` to the
    // List-Unsubscribe address. Only these routes read a form body (the rest of the API speaks JSON).
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    const limited = { rateLimit: { max: ctx.config.authRateLimitPerMinute, timeWindow: '1 minute' } };

    app.post(
      '/newsletter/subscriptions',
      {
        config: { access: 'public', ...limited },
        schema: {
          tags,
          summary: 'Sign up for the newsletter: a confirmation link is mailed (double opt-in)',
          description:
            'The answer is the same whether the address is new, waiting or already subscribed, so it tells nobody who subscribes. ' +
            'At most MAIL_PER_RECIPIENT_PER_HOUR confirmation mails go to one address an hour.',
          body: newsletterSignupSchema,
          response: { 202: newsletterSignupAnswerSchema },
        },
      },
      async (request, reply) => {
        await requestSubscription(ctx, request.body);
        return reply.status(202).send({ status: 'check_mail' });
      },
    );

    app.post(
      '/newsletter/confirmations/:token',
      {
        config: { access: 'public', ...limited },
        schema: {
          tags,
          summary: 'Confirm a subscription with the token of the mailed link',
          description: 'An unknown or expired link, or one of a subscription since ended: 400 newsletter_link_invalid.',
          params: newsletterTokenParamsSchema,
          response: { 200: newsletterConfirmedSchema },
        },
      },
      async (request) => {
        await confirmSubscription(ctx, request.params.token);
        return { state: 'confirmed' as const };
      },
    );

    app.post(
      '/newsletter/unsubscribe/:token',
      {
        config: { access: 'public', ...limited },
        schema: {
          tags,
          summary: 'Unsubscribe with one click (RFC 8058): the List-Unsubscribe address of every newsletter mail',
          description: 'Any body (`List-Unsubscribe=One-Click` as a form, JSON, or none). An unknown token: 400 newsletter_link_invalid.',
          params: newsletterTokenParamsSchema,
          response: { 200: newsletterUnsubscribedSchema },
        },
      },
      async (request) => {
        await unsubscribe(ctx, request.params.token);
        return { state: 'unsubscribed' as const };
      },
    );

    app.get(
      '/newsletter/unsubscribe/:token',
      {
        config: { access: 'public', ...limited },
        schema: {
          tags,
          summary: 'The List-Unsubscribe address opened in a browser: sent on to the page whose one button unsubscribes',
          description: 'A GET changes nothing (link checkers in mail systems open links): 303 to /newsletter/unsubscribe?token=…',
          params: newsletterTokenParamsSchema,
          response: { 303: z.null() },
        },
      },
      async (request, reply) => reply.redirect(`/newsletter/unsubscribe?token=${encodeURIComponent(request.params.token)}`, 303).send(null),
    );

    app.post(
      '/backoffice/newsletters/preview',
      {
        config: { access: 'staff' },
        schema: {
          tags: ['backoffice'],
          summary: 'A newsletter as each language’s confirmed subscribers would get it, and how many they are',
          body: newsletterIssueSchema,
          response: { 200: newsletterPreviewSchema },
        },
      },
      async (request) => previewIssue(ctx, request.body),
    );

    app.post(
      '/backoffice/newsletters',
      {
        config: { access: 'staff' },
        schema: {
          tags: ['backoffice'],
          summary: 'Send a newsletter to every confirmed subscriber, in their language, each with their own unsubscribe link (audited)',
          body: newsletterIssueSchema,
          response: { 201: newsletterSentSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await sendIssue(ctx, callerOf(request), request.body)),
    );
  };
}
