import type { ValidationErrors } from '../../shared/schemas/errors';

// Errors a service may throw; the error handler (http/errors.ts) turns each into
// an API error reply (docs/conventions.md, "API shape"). Nothing else reaches the client.

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(typeof body.error === 'string' ? body.error : `HTTP ${status}`);
  }
}

/** 400 with message keys per field ("general" for the banner). */
export class ValidationError extends HttpError {
  constructor(
    readonly errors: ValidationErrors,
    params?: Record<string, unknown>,
  ) {
    super(400, params ? { errors, params } : { errors });
  }
  static general(key: string, params?: Record<string, unknown>): ValidationError {
    return new ValidationError({ general: [key] }, params);
  }
  static field(field: string, key: string): ValidationError {
    return new ValidationError({ [field]: [key] });
  }
}

export class SessionRequired extends HttpError {
  constructor() {
    super(401, { error: 'A4SessionError' });
  }
}

export class Forbidden extends HttpError {
  constructor() {
    super(403, { error: 'forbidden' });
  }
}

/** Also used for other tenants' ids, so existence never leaks. */
export class NotFound extends HttpError {
  constructor() {
    super(404, { error: 'not_found' });
  }
}

export class Conflict extends HttpError {
  constructor(key: string) {
    super(409, { errors: { general: [key] } });
  }
}

export class RateLimited extends HttpError {
  constructor(key: string) {
    super(429, { errors: { general: [key] } });
  }
}
