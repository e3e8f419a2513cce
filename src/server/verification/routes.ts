import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  verificationCompleteAnswerSchema,
  verificationCompleteSchema,
  verificationStartAnswerSchema,
  verificationStartSchema,
} from '../../domain/verification-schemas.js';
import type { EidPort } from '../adapters/eid/port.js';
import type { AppContext } from '../context.js';
import { callerOf } from '../http/auth.js';
import { completeVerification, startVerification } from './service.js';

const tags = ['identity'];

// §7 Identity: POST /identities/verifications/ and /identities/verifications/complete/ (national digital ID).
export function verificationRoutes(ctx: AppContext, eid: EidPort): FastifyPluginAsyncZod {
  return async (app) => {
    const limited = { rateLimit: { max: ctx.config.authRateLimitPerMinute, timeWindow: '1 minute' } };

    app.post(
      '/identities/verifications/',
      {
        config: { access: 'user', ...limited },
        schema: {
          tags,
          summary: 'Start a national ID verification or approval',
          description:
            'verification_session_type verify binds the account to a person (MitID in dk, BankID in no); approve (with act) ' +
            'gives a short-lived, single-use approval of that act, sent as the x-approval-id header of the act. ' +
            'success_url and failure_url must be on this site. Answers 503 when no provider is available.',
          body: verificationStartSchema,
          response: { 201: verificationStartAnswerSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await startVerification(ctx, eid, callerOf(request), request.body)),
    );

    app.post(
      '/identities/verifications/complete/',
      {
        config: { access: 'user', ...limited },
        schema: {
          tags,
          summary: 'Complete a national ID verification or approval',
          description:
            'With the code the provider sent back and the session_id from the start (and the state and iss the provider sent, ' +
            'checked when given); or, for an ' +
            'autotest account only, with verification_session_type (and act) and verification_type. A code is redeemed once.',
          body: verificationCompleteSchema,
          response: { 200: verificationCompleteAnswerSchema },
        },
      },
      async (request) => completeVerification(ctx, eid, callerOf(request), request.body),
    );
  };
}
