import { SESSION_ERROR, type ValidationErrors } from '../../shared/schemas/errors';

/**
 * Any failed API call. `status` 0 means the request never got a reply (network down),
 * `code` is the `error` of `{error}` replies, `errors` the message keys of 400/429 replies.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly errors: ValidationErrors;
  readonly params: Record<string, unknown> | undefined;

  constructor(
    status: number,
    init: { code?: string; errors?: ValidationErrors; params?: Record<string, unknown> } = {},
  ) {
    super(init.code ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = init.code;
    this.errors = init.errors ?? {};
    this.params = init.params;
  }

  get isSessionError(): boolean {
    return this.status === 401 && this.code === SESSION_ERROR;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

export const isSessionError = (error: unknown): boolean => isApiError(error) && error.isSessionError;
