import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { type ErrorCode, errorStatus, isErrorCode } from '../../domain/errors.js';
import type { PreRegisteredPolicyDetail } from '../../domain/insurance-policies.js';
import { type Language, languageFromAcceptLanguage, normaliseLanguage } from '../../domain/locale.js';
import { errorMessage } from '../i18n/index.js';
import { serverErrorPage } from './error-page.js';
import { pageLanguage, pageTheme } from './web.js';

/**
 * The one error a service throws. Its code decides the status (domain/errors.ts); the handler below turns
 * it into the §8 shapes: 422 with a `detail` list naming the field, anything else with a `detail` text.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly field?: string,
  ) {
    super(code);
  }

  get status(): number {
    return errorStatus(this.code);
  }
}

/**
 * Several field problems at once (a form checked as a whole): one 422 with a `detail` entry per problem, located at
 * ['body', field], or at `loc` when the problem is deeper (a flow definition's `steps.2.jumps.0.to`).
 */
export class AppFieldErrors extends AppError {
  constructor(readonly problems: readonly { field: string; code: ErrorCode; loc?: (string | number)[] }[]) {
    super(problems[0]?.code ?? 'field_invalid', problems[0]?.field);
  }

  override get status(): number {
    return 422;
  }
}

/**
 * §8: a 400 whose detail is a structure the client acts on: a pre-registered policy exists for what the user is
 * doing, so the web sends them to that insurer's contents-signup page to claim it.
 */
export class PreRegisteredPolicyError extends AppError {
  constructor(readonly detail: PreRegisteredPolicyDetail) {
    super('policy_pre_registered');
  }
}

/** A problem with one input at a place other than the body's top level (a query or path parameter, a nested field). */
export class AppInputError extends AppError {
  constructor(
    readonly loc: (string | number)[],
    code: ErrorCode,
  ) {
    super(code, String(loc[loc.length - 1] ?? ''));
  }
}

export interface FieldError {
  loc: (string | number)[];
  msg: string;
  type: string;
}

export function requestLanguage(request: FastifyRequest): Language {
  return languageFromAcceptLanguage(request.headers['accept-language']);
}

export function fieldErrorBody(language: Language, code: ErrorCode, loc: (string | number)[]): { detail: FieldError[] } {
  return { detail: [{ loc, msg: errorMessage(code, language), type: code }] };
}

/** Which of our codes a validation issue stands for: schemas name codes in their messages, zod's own issues are mapped. */
function codeOfIssue(keyword: string, message: string | undefined): ErrorCode {
  if (isErrorCode(message)) return message;
  if (keyword === 'invalid_type' && message?.includes('received undefined')) return 'field_required';
  if (keyword === 'too_small') return 'too_short';
  if (keyword === 'too_big') return 'too_long';
  return 'field_invalid';
}

const FASTIFY_CODES: Record<string, { status: number; code: ErrorCode }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'malformed_request' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'malformed_request' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'malformed_request' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'payload_too_large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'malformed_request' },
  FST_ERR_CTP_INVALID_TYPE: { status: 400, code: 'malformed_request' },
  FST_ERR_VALIDATION: { status: 422, code: 'field_invalid' },
};

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const language = requestLanguage(request);
    if (error instanceof AppFieldErrors) {
      const detail = error.problems.map((p) => ({ loc: p.loc ?? ['body', p.field], msg: errorMessage(p.code, language), type: p.code }));
      return reply.status(422).send({ detail });
    }
    if (error instanceof PreRegisteredPolicyError) return reply.status(400).send({ detail: error.detail, code: error.code });
    if (error instanceof AppInputError) return reply.status(422).send(fieldErrorBody(language, error.code, error.loc));
    if (error instanceof AppError) {
      if (error.status === 422) {
        return reply.status(422).send(fieldErrorBody(language, error.code, ['body', error.field ?? '']));
      }
      // 401 keeps the literal invalid_token the client contract (§4, §8) looks for.
      const detail = error.code === 'invalid_token' ? 'invalid_token' : errorMessage(error.code, language);
      return reply.status(error.status).send({ detail, code: error.code });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'body';
      const detail: FieldError[] = error.validation.map((issue) => {
        const code = codeOfIssue(issue.keyword, issue.message);
        const path = issue.instancePath.split('/').filter(Boolean);
        return { loc: [where, ...path], msg: errorMessage(code, language), type: code };
      });
      return reply.status(422).send({ detail });
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({ detail: errorMessage('too_many_requests', language), code: 'too_many_requests' });
    }
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) {
      return reply.status(known.status).send({ detail: errorMessage(known.code, language), code: known.code });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ detail: errorMessage('malformed_request', language), code: 'malformed_request' });
    }
    if (isResponseSerializationError(error)) request.log.error({ err: error, cause: error.cause }, 'response failed its schema');
    else request.log.error({ err: error }, 'unhandled error');
    // The request id is in the log line above: support finds the failure by the reference the user quotes.
    if (isPageRequest(request)) {
      const page = serverErrorPage({
        language: normaliseLanguage(pageLanguage(request)),
        theme: pageTheme(request),
        requestId: request.id,
        url: request.url,
      });
      return reply.status(500).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
    }
    return reply.status(500).send({ detail: errorMessage('server_error', language), code: 'server_error', request_id: request.id });
  });
}

export function sendError(reply: FastifyReply, request: FastifyRequest, status: number, code: ErrorCode) {
  return reply.status(status).send({ detail: errorMessage(code, requestLanguage(request)), code });
}

/** Errors Fastify meets before routing (a broken URL escape, an over-long path parameter), in the §8 shape too. */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  return sendError(reply, request, error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400, 'malformed_request');
}

/** A browser asking for a page (not the API, not a file by script): it is answered in HTML. */
function isPageRequest(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !request.url.startsWith('/api') &&
    (request.headers.accept ?? '').includes('text/html')
  );
}

/** Unknown /api paths and other non-page requests answer a JSON 404; page requests get the app shell. */
export function registerNotFound(
  app: FastifyInstance,
  renderShell: ((request: FastifyRequest, reply: FastifyReply) => string) | null,
): void {
  app.setNotFoundHandler((request, reply) => {
    const wantsPage = renderShell && (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api');
    if (!wantsPage) return sendError(reply, request, 404, 'not_found');
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(renderShell(request, reply));
  });
}
