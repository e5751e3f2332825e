// The spec's error envelope (section 7). Every failure leaving the API is an ApiError
// rendered by the one error handler in server.ts; domain errors thrown below the API are
// mapped to theirs here (apiErrorOf).
import { Conflict, DomainError, InvalidInput, NotFound, type FieldErrors } from '../domain/errors.js';

export type { FieldErrors };

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
export const notFound = (what = 'resource') => apiErrorOf(new NotFound(what));

export function envelope(err: ApiError, requestId: string): Record<string, unknown> {
  return { message: err.message, code: err.code, request_id: requestId, ...err.extra };
}

/** The status of each domain error: the one place the domain meets HTTP. */
export function apiErrorOf(err: DomainError): ApiError {
  if (err instanceof NotFound) return new ApiError(404, err.code, err.message);
  if (err instanceof Conflict) return new ApiError(409, err.code, err.message);
  if (err instanceof InvalidInput) return validationFailed(err.errors, err.message);
  return new ApiError(422, err.code, err.message); // any other refusal of the request as sent
}
