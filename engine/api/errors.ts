// The spec's error envelope (section 7). Every failure leaving the API is an ApiError
// rendered by the one error handler in server.ts.
export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function validationFailed(errors: FieldErrors, message?: string): ApiError {
  const first = Object.values(errors)[0]?.[0];
  return new ApiError(422, 'validation_failed', message ?? first ?? 'The given data was invalid.', { errors });
}

export const unauthenticated = (message = 'A valid bearer token is required.') => new ApiError(401, 'unauthenticated', message);
export const forbidden = (message: string, code = 'forbidden') => new ApiError(403, code, message);
export const notFound = (what = 'resource') => new ApiError(404, 'not_found', `The requested ${what} does not exist in this account.`);

export function envelope(err: ApiError, requestId: string): Record<string, unknown> {
  return { message: err.message, code: err.code, request_id: requestId, ...err.extra };
}

/** Collects field errors, then throws one 422 with all of them. */
export class FieldErrorCollector {
  readonly errors: FieldErrors = {};
  add(field: string, message: string): void {
    (this.errors[field] ??= []).push(message);
  }
  get empty(): boolean {
    return Object.keys(this.errors).length === 0;
  }
  throwIfAny(): void {
    if (!this.empty) throw validationFailed(this.errors);
  }
}
