import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { languageFromAcceptLanguage } from '../../domain/locale.js';
import {
  socialAnswerSchema,
  socialCallbackSchema,
  socialProviderSchema,
  socialSignupSchema,
  socialStartAnswerSchema,
  socialStartSchema,
} from '../../domain/social.js';
import { SocialError, type SocialPerson, type SocialPort } from '../adapters/social/port.js';
import type { AppContext } from '../context.js';
import { setLanguageCookie } from '../http/cookies.js';
import { AppError } from '../http/errors.js';
import { socialLogIn, socialSignUp } from './social.js';
import { newSocialFlow, openSocialFlow, type SocialFlow, sealSocialFlow, UsedFlows } from './social-flow.js';

const tags = ['identity'];
const providerParams = z.object({ provider: z.string().check(z.maxLength(40)) });

// §7 Identity, social sign-in: POST /identities/{provider} (sign up) and POST
// /identities/authentications/{provider} (sign in), plus the list of providers and the start of a trip.
export function socialRoutes(ctx: AppContext, social: SocialPort | null): FastifyPluginAsyncZod {
  return async (app) => {
    const limited = { rateLimit: { max: ctx.config.authRateLimitPerMinute, timeWindow: '1 minute' } };
    const usedFlows = new UsedFlows();

    /** The configured provider by its path segment; any other name is not found. */
    const providerNamed = (name: string): SocialPort => {
      if (!social || social.id !== name) throw new AppError('not_found');
      return social;
    };

    /**
     * Opens the flow, checks it belongs to this provider and call, claims it (once), and redeems the code
     * at the provider. Anything forged, tampered with, expired, replayed or refused is one 400.
     */
    const redeem = async (
      port: SocialPort,
      intent: SocialFlow['intent'],
      body: z.output<typeof socialCallbackSchema>,
    ): Promise<{ flow: SocialFlow; person: SocialPerson }> => {
      const flow = await openSocialFlow(ctx.config.jwtSecret, body.flow);
      if (!flow || flow.provider !== port.id || flow.intent !== intent || flow.state !== body.state || !usedFlows.claim(flow.id)) {
        throw new AppError('social_failed');
      }
      try {
        const callback = { code: body.code, state: body.state, ...(body.iss ? { iss: body.iss } : {}) };
        return { flow, person: await port.exchange(callback, flow) };
      } catch (err) {
        if (err instanceof SocialError) {
          ctx.log.warn({ provider: port.id, reason: err.reason }, 'social sign-in refused');
          throw new AppError('social_failed');
        }
        throw err;
      }
    };

    /** Before the body is validated: a path naming no configured provider is simply not found. */
    const knownProvider = async (request: { params: unknown }) => {
      const name = (request.params as { provider?: unknown } | undefined)?.provider;
      providerNamed(typeof name === 'string' ? name : '');
    };

    app.get(
      '/identities/social-providers',
      {
        config: { access: 'public' },
        schema: { tags, summary: 'The social sign-in providers offered', response: { 200: z.array(socialProviderSchema) } },
      },
      async () => (social ? [{ id: social.id, name: social.name }] : []),
    );

    app.post(
      '/identities/social/:provider/start',
      {
        config: { access: 'public', ...limited },
        preValidation: knownProvider,
        schema: {
          tags,
          summary: 'Start social sign-in or sign-up',
          description:
            'Answers the provider authorisation URL and a sealed flow (10 minutes, single use) that the page keeps and sends back with the code. Sign-up needs chosen_region and accept_terms: true.',
          params: providerParams,
          body: socialStartSchema,
          response: { 200: socialStartAnswerSchema },
        },
      },
      async (request) => {
        const port = providerNamed(request.params.provider);
        const body = request.body;
        if (body.intent === 'signup') {
          if (!body.chosen_region) throw new AppError('region_required', 'chosen_region');
          if (body.accept_terms !== true) throw new AppError('terms_required', 'accept_terms');
        }
        const language = body.chosen_language ?? languageFromAcceptLanguage(request.headers['accept-language']);
        const flow = newSocialFlow({
          provider: port.id,
          intent: body.intent,
          region: body.chosen_region ?? null,
          termsAccepted: body.accept_terms === true,
          language,
          friendRef: body.intent === 'signup' ? (body.friend_ref?.trim() ?? null) || null : null,
        });
        const url = await port.authorizationUrl(flow);
        if (!url) throw new AppError('social_unavailable');
        return { authorization_url: url, flow: await sealSocialFlow(ctx.config.jwtSecret, flow) };
      },
    );

    app.post(
      '/identities/authentications/:provider',
      {
        config: { access: 'public', ...limited },
        preValidation: knownProvider,
        schema: {
          tags,
          summary: 'Log in with a social sign-in provider',
          description:
            'Redeems the code the provider sent to /login/social/callback (with the flow from the start). A login not yet known, whose email the provider verified and an account uses, is linked to that account. Otherwise 404 social_account_unknown.',
          params: providerParams,
          body: socialCallbackSchema,
          response: { 200: socialAnswerSchema },
        },
      },
      async (request) => {
        const port = providerNamed(request.params.provider);
        const { person } = await redeem(port, 'login', request.body);
        const result = await socialLogIn(ctx, port.id, person);
        return { authentication_token: result.token, outcome: result.outcome };
      },
    );

    app.post(
      '/identities/:provider',
      {
        config: { access: 'public', ...limited },
        preValidation: knownProvider,
        schema: {
          tags,
          summary: 'Sign up with a social sign-in provider',
          description:
            'Redeems the code the provider sent to /login/social/callback (with the flow from the start, which carries the region, language and terms acceptance). §3 name, email and token (the provider id) may be sent as the page shows them; they are hints only: the account is made from the provider verified claims. 201 with a new account; 200 when the login or its verified email already has one (signed in, linked). A new account needs an email the provider verified: otherwise 400 social_email_unverified.',
          params: providerParams,
          body: socialSignupSchema,
          response: { 200: socialAnswerSchema, 201: socialAnswerSchema },
        },
      },
      async (request, reply) => {
        const port = providerNamed(request.params.provider);
        const { flow, person } = await redeem(port, 'signup', request.body);
        if (!flow.region || !flow.termsAccepted) throw new AppError('social_failed');
        const sessionId = request.headers['x-session-id'];
        const result = await socialSignUp(ctx, port.id, person, {
          region: flow.region,
          language: flow.language,
          friendRef: flow.friendRef,
          sessionId: typeof sessionId === 'string' ? sessionId : undefined,
        });
        setLanguageCookie(reply, result.language);
        return reply.status(result.outcome === 'created' ? 201 : 200).send({ authentication_token: result.token, outcome: result.outcome });
      },
    );
  };
}
