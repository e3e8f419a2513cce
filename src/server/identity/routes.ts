import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  authenticationTokenSchema,
  consentActionSchema,
  consentSchema,
  consentTypeSchema,
  languageSchema,
  loginSchema,
  passwordResetRequestSchema,
  passwordResetValidateSchema,
  profileSaveResultSchema,
  profileSchema,
  profileUpdateSchema,
  signupSchema,
  uiLanguageSchema,
} from '../../domain/identity.js';
import { LANGUAGES, languageFromAcceptLanguage, normaliseLanguage, normaliseTheme, REGIONS, THEMES } from '../../domain/locale.js';
import { referralsSchema } from '../../domain/referrals.js';
import { APPROVAL_HEADER } from '../../domain/verification.js';
import type { AppContext } from '../context.js';
import { callerOf } from '../http/auth.js';
import { LANGUAGE_COOKIE, readCookie, setLanguageCookie, THEME_COOKIE, themeCookie } from '../http/cookies.js';
import { exportMyData } from './export.js';
import { LoginLocked } from './login-lock.js';
import { changeConsent, deleteIdentity, getProfile, listConsents, setLanguage, setTheme, updateProfile } from './profile.js';
import { myReferrals } from './referrals.js';
import {
  completePasswordReset,
  endAllSessions,
  findIdentity,
  logIn,
  refreshToken,
  requestEmailVerification,
  requestPasswordReset,
  revokeToken,
  signUp,
  validateEmailVerification,
} from './service.js';

const tags = ['identity'];
const okSchema = z.object({ ok: z.literal(true) });

// §7 Identity. Paths keep the spec's trailing slashes exactly.
export function identityRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const limited = { rateLimit: { max: ctx.config.authRateLimitPerMinute, timeWindow: '1 minute' } };

    app.post(
      '/identities/',
      {
        config: { access: 'public', ...limited },
        schema: {
          tags,
          summary: 'Sign up',
          description:
            'With an insurance member reference (insurer_party_id, insurance_type, insurance_policy_id, all three) a ' +
            'standard policy with that insurer is linked to the new person (§4): the one the insurer pre-registered ' +
            'under that number, or a new one; a number held by someone already: 409 policy_number_taken.',
          body: signupSchema,
          response: { 201: authenticationTokenSchema },
        },
      },
      async (request, reply) => {
        const sessionId = request.headers['x-session-id'];
        const token = await signUp(ctx, request.body, { sessionId: typeof sessionId === 'string' ? sessionId : undefined });
        setLanguageCookie(reply, request.body.chosen_language);
        return reply.status(201).send({ authentication_token: token });
      },
    );

    app.post(
      '/identities/authentications',
      {
        config: { access: 'public', ...limited },
        schema: { tags, summary: 'Log in', body: loginSchema, response: { 200: authenticationTokenSchema } },
      },
      async (request, reply) => {
        try {
          return { authentication_token: await logIn(ctx, request.body.email, request.body.password) };
        } catch (err) {
          if (err instanceof LoginLocked) reply.header('retry-after', String(err.retryAfterSeconds));
          throw err;
        }
      },
    );

    app.post(
      '/identities/authentications/refresh',
      { config: { access: 'user' }, schema: { tags, summary: 'Refresh the login token', response: { 200: authenticationTokenSchema } } },
      async (request) => ({ authentication_token: await refreshToken(ctx, callerOf(request)) }),
    );

    app.delete(
      '/identities/authentications',
      {
        config: { access: 'user' },
        schema: { tags, summary: 'Log out: the token of this call is refused from now on', response: { 204: z.null() } },
      },
      async (request, reply) => {
        await revokeToken(ctx.db, callerOf(request).token);
        return reply.status(204).send(null);
      },
    );

    app.delete(
      '/identities/authentications/all',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Log out everywhere: every token of the account issued until now is refused',
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await endAllSessions(ctx, callerOf(request));
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/identities/authentications/password-resets',
      {
        config: { access: 'public', ...limited },
        schema: { tags, summary: 'Send a password-reset link', body: passwordResetRequestSchema, response: { 202: okSchema } },
      },
      async (request, reply) => {
        await requestPasswordReset(ctx, request.body.email);
        return reply.status(202).send({ ok: true });
      },
    );

    app.post(
      '/identities/authentications/password-resets/:token/validate',
      {
        config: { access: 'public', ...limited },
        schema: {
          tags,
          summary: 'Set a new password with a reset link',
          params: z.object({ token: z.string().check(z.minLength(1), z.maxLength(200)) }),
          body: passwordResetValidateSchema,
          response: { 200: z.object({ token: z.string(), authentication_token: z.string() }) },
        },
      },
      async (request) => {
        const token = await completePasswordReset(ctx, request.params.token, request.body.new_password);
        return { token, authentication_token: token };
      },
    );

    app.post(
      '/identities/authentications/email-verifications',
      {
        config: { access: 'user', ...limited },
        schema: { tags, summary: 'Send an email-verification link', response: { 202: z.object({ sent_to: z.string() }) } },
      },
      async (request, reply) => reply.status(202).send(await requestEmailVerification(ctx, callerOf(request).partyId)),
    );

    app.post(
      '/identities/authentications/email-verifications/:code/validate',
      {
        config: { access: 'public', ...limited },
        schema: {
          tags,
          summary: 'Confirm an email address through its link',
          params: z.object({ code: z.string().check(z.minLength(1), z.maxLength(200)) }),
          response: { 200: z.object({ email: z.string(), changed: z.boolean() }) },
        },
      },
      async (request) => validateEmailVerification(ctx, request.params.code),
    );

    app.get(
      '/identities/me',
      { config: { access: 'user' }, schema: { tags, summary: 'My profile', response: { 200: profileSchema } } },
      async (request) => getProfile(ctx, callerOf(request).partyId),
    );

    app.get(
      '/identities/me/export',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Download everything stored about me (data portability), as a JSON file',
          description:
            'The profile (CPR number masked), consents with the version accepted, bikes with their pictures and documents ' +
            '(signed links, valid 15 minutes), equipment, plates, stolen reports, conversations as the caller sees them, ' +
            'transfers, orders and receipts, insurance, support tickets, the staff audit entries about the caller, mail ' +
            'and usage events. Only the caller’s own data; 403 forbidden under switch-user.',
        },
      },
      async (request, reply) => {
        const data = await exportMyData(ctx, callerOf(request));
        const day = new Date().toISOString().slice(0, 10);
        return reply
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', `attachment; filename="bike-register-data-${day}.json"`)
          .type('application/json; charset=utf-8')
          .send(JSON.stringify(data, null, 2));
      },
    );

    app.put(
      '/identities/me',
      {
        config: { access: 'user' },
        schema: { tags, summary: 'Save my profile', body: profileUpdateSchema, response: { 200: profileSaveResultSchema } },
      },
      async (request, reply) => {
        const result = await updateProfile(ctx, callerOf(request).partyId, request.body);
        if (request.body.language) setLanguageCookie(reply, request.body.language);
        return result;
      },
    );

    app.delete(
      '/identities/:partyIdToDelete/',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Delete an identity (self, or an admin for someone of a lower role)',
          description: `Deleting yourself needs an approval of the act delete_account through national ID (POST /identities/verifications/), sent in the ${APPROVAL_HEADER} header; without it 403 approval_required.`,
          params: z.object({ partyIdToDelete: z.uuid() }),
          headers: z.looseObject({ [APPROVAL_HEADER]: z.optional(z.string().check(z.maxLength(100))) }),
        },
      },
      async (request, reply) => {
        await deleteIdentity(ctx, callerOf(request), request.params.partyIdToDelete, request.headers[APPROVAL_HEADER]);
        return reply.status(204).send();
      },
    );

    const languageAnswer = z.object({ language: z.enum(LANGUAGES) });
    app.get(
      '/identities/language/',
      { config: { access: 'public' }, schema: { tags, summary: 'The language in use', response: { 200: languageAnswer } } },
      async (request) => {
        if (request.caller) return { language: request.caller.language };
        const cookie = readCookie(request, LANGUAGE_COOKIE);
        return { language: languageSchema.parse(cookie ?? languageFromAcceptLanguage(request.headers['accept-language'])) };
      },
    );

    app.put(
      '/identities/language/',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Choose the language',
          description:
            'da, en or no (§5); anything else is da. is (Icelandic, partial texts) is kept in the page cookie, so pages show in it, while the account and every answer take da.',
          body: z.object({ language: uiLanguageSchema }),
          response: { 200: languageAnswer },
        },
      },
      async (request, reply) => {
        const language = normaliseLanguage(request.body.language);
        if (request.caller) await setLanguage(ctx, request.caller.partyId, language);
        setLanguageCookie(reply, request.body.language);
        return { language };
      },
    );

    // §1 themes: the browser session keeps one in a cookie (so the server renders pages in it); a signed-in
    // person's is kept on their profile too, and wins when they log in on any device.
    const themeAnswer = z.object({ theme: z.enum(THEMES) });
    app.get(
      '/identities/theme/',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'The theme in use',
          description: "The signed-in person's theme if they have one, otherwise the browser session's (main by default).",
          response: { 200: themeAnswer },
        },
      },
      async (request) => {
        const identity = request.caller ? await findIdentity(ctx.db, request.caller.partyId) : undefined;
        return { theme: identity?.theme ?? normaliseTheme(readCookie(request, THEME_COOKIE)) };
      },
    );

    app.put(
      '/identities/theme/',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Choose the theme',
          description: 'Kept for the browser session, and on the profile of a signed-in person.',
          body: themeAnswer,
          response: { 200: themeAnswer },
        },
      },
      async (request, reply) => {
        if (request.caller) await setTheme(ctx, request.caller.partyId, request.body.theme);
        reply.header('set-cookie', themeCookie(request.body.theme));
        return { theme: request.body.theme };
      },
    );

    app.get(
      '/identities/me/referrals',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'My referral link and the friends who signed up through it',
          description:
            'The code is made on the first call and never changes; the link is the sign-up page with friend_ref. Counts only: never who the friends are. Inviting friends earns no reward.',
          response: { 200: referralsSchema },
        },
      },
      async (request) => myReferrals(ctx, callerOf(request).partyId),
    );

    app.get(
      '/identities/region/',
      {
        config: { access: 'public' },
        schema: { tags, summary: 'The region of the user', response: { 200: z.object({ region: z.enum(REGIONS) }) } },
      },
      async (request) => {
        const identity = request.caller ? await findIdentity(ctx.db, request.caller.partyId) : undefined;
        return { region: identity?.region ?? 'dk' };
      },
    );

    app.get(
      '/identities/consents/',
      { config: { access: 'user' }, schema: { tags, summary: 'My consents', response: { 200: z.array(consentSchema) } } },
      async (request) => listConsents(ctx, callerOf(request).partyId),
    );

    app.post(
      '/identities/consents/:type/',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Give or withdraw a consent',
          params: z.object({ type: consentTypeSchema }),
          body: consentActionSchema,
          response: { 200: z.array(consentSchema) },
        },
      },
      async (request) => changeConsent(ctx, callerOf(request).partyId, request.params.type, request.body.action),
    );
  };
}
