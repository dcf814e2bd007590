import { describe, expect, it } from 'vitest';
import { ApiError } from './errors';
import { bannerKeys, fieldErrorKeys } from './errorKeys';

describe('fieldErrorKeys', () => {
  it('takes the first key of each shown field', () => {
    const error = new ApiError(400, {
      errors: { email: ['_validation_field_required', '_validation_invalid_email'], other: ['x'] },
    });
    expect(fieldErrorKeys(error, ['email', 'password'])).toEqual({ email: '_validation_field_required' });
  });

  it('is empty for errors that are not API errors', () => {
    expect(fieldErrorKeys(new Error('boom'), ['email'])).toEqual({});
  });
});

describe('bannerKeys', () => {
  it('shows nothing without an error', () => {
    expect(bannerKeys(null)).toEqual([]);
    expect(bannerKeys(undefined)).toEqual([]);
  });

  it('shows general keys', () => {
    expect(bannerKeys(new ApiError(400, { errors: { general: ['login_failed'] } }))).toEqual(['login_failed']);
    expect(bannerKeys(new ApiError(429, { errors: { general: ['login_rate_limited'] } }))).toEqual([
      'login_rate_limited',
    ]);
  });

  it('needs no banner when every key sits under a shown field', () => {
    const error = new ApiError(400, { errors: { email: ['_validation_field_required'] } });
    expect(bannerKeys(error, ['email', 'password'])).toEqual([]);
  });

  it('moves keys of fields the form does not show to the banner, once each', () => {
    const error = new ApiError(400, { errors: { general: ['a'], hidden: ['b', 'a'] } });
    expect(bannerKeys(error, ['email'])).toEqual(['a', 'b']);
  });

  it.each([
    [new ApiError(500, { code: 'server_error' }), 'server_error'],
    [new ApiError(502), 'server_error'],
    [new ApiError(0, { code: 'network_error' }), 'network_error'],
    [new ApiError(403, { code: 'forbidden' }), 'forbidden'],
    [new ApiError(404, { code: 'not_found' }), 'not_found'],
    [new ApiError(401, { code: 'A4SessionError' }), 'A4SessionError'],
    [new ApiError(200, { code: 'invalid_reply' }), 'server_error'],
    [new TypeError('x is undefined'), 'server_error'],
  ])('falls back to a generic key for %s', (error, key) => {
    expect(bannerKeys(error)).toEqual([key]);
  });
});
