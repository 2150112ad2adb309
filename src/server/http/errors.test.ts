import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { APP_ERROR_CODES } from '@/shared/errors';
import { createLogger } from '../logger';
import * as errors from './errors';

const log = createLogger('silent');

/** What a client receives when a route throws `error`. */
async function answer(error: Error) {
  const app = new Hono();
  app.get('/', () => {
    throw error;
  });
  app.onError((e, c) => errors.handleError(e, c, log));
  const response = await app.request('/');
  return { status: response.status, headers: response.headers, body: await response.json() };
}

describe('named refusals', () => {
  it('answer their code, its status and the message as given, and nothing else', async () => {
    const cases: [Error, number, string][] = [
      [errors.invalid('Title is required'), 400, 'VALIDATION_ERROR'],
      [errors.badRequest('You cannot block yourself'), 400, 'BAD_REQUEST'],
      [errors.notAuthenticated(), 401, 'NOT_AUTHENTICATED'],
      [errors.invalidCredentials('Invalid email or password'), 401, 'INVALID_CREDENTIALS'],
      [errors.forbidden('Only the dominant can edit'), 403, 'FORBIDDEN'],
      [errors.crossOrigin('Cross-origin requests are not allowed'), 403, 'CROSS_ORIGIN'],
      [errors.emailNotConfirmed('Email not confirmed'), 403, 'EMAIL_NOT_CONFIRMED'],
      [errors.roleNotSwitch('Only Switch users'), 403, 'ROLE_NOT_SWITCH'],
      [errors.roleNotChosen('Choose a role'), 403, 'ROLE_NOT_CHOSEN'],
      [errors.notFound('Task not found'), 404, 'NOT_FOUND'],
      [errors.conflict('Feedback already acknowledged'), 409, 'CONFLICT'],
      [errors.emailExists('A user with this email already exists'), 409, 'EMAIL_EXISTS'],
      [errors.roleAlreadyChosen('Already chosen'), 409, 'ROLE_ALREADY_CHOSEN'],
      [errors.pairStopped('Stopped'), 409, 'PAIR_STOPPED'],
      [errors.invalidToken('Reset link invalid or expired'), 400, 'INVALID_TOKEN'],
      [errors.payloadTooLarge('Photo is too large'), 413, 'PAYLOAD_TOO_LARGE'],
      [errors.unsupportedMediaType('Please select an image file'), 415, 'UNSUPPORTED_MEDIA_TYPE'],
      [errors.idempotencyConflict('Key reused'), 422, 'IDEMPOTENCY_CONFLICT'],
      [errors.rateLimited('Too many requests'), 429, 'RATE_LIMITED'],
      [errors.tooManyAttempts('Too many attempts'), 429, 'TOO_MANY_ATTEMPTS'],
      [errors.unavailable('Failed to send email'), 503, 'UNAVAILABLE'],
    ];
    for (const [error, status, code] of cases) {
      const got = await answer(error);
      expect({ status: got.status, body: got.body }).toEqual({
        status,
        body: { error: { code, message: error.message } },
      });
    }
    expect(errors.notAuthenticated().message).toBe('Not authenticated');
  });

  it('carry per-field messages and extra headers when given', async () => {
    const fields = await answer(errors.invalid('Wrong password', { fields: { currentPassword: 'Wrong' } }));
    expect(fields.body).toEqual({
      error: { code: 'VALIDATION_ERROR', message: 'Wrong password', fields: { currentPassword: 'Wrong' } },
    });
    const limited = await answer(
      errors.rateLimited('Too many requests', { headers: { 'Retry-After': '60' } }),
    );
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('60');
  });

  it('give every code the API knows a status', () => {
    for (const code of APP_ERROR_CODES) {
      const status = new errors.AppError(code, 'x').status;
      expect(status).toBeGreaterThanOrEqual(400);
    }
  });
});
