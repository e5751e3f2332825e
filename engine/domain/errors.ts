// Domain errors: what went wrong, in the spec's words, thrown anywhere below the API.
// Nothing here knows HTTP; engine/api/errors.ts alone maps each class to its status and
// the error envelope (spec section 7).
export type FieldErrors = Record<string, string[]>;

/** `code` is the envelope's `code` (spec section 7). */
export abstract class DomainError extends Error {
  constructor(readonly code: string, message: string) {
    super(message);
  }
}

/** The resource does not exist in the caller's account (or not in its token's mode). */
export class NotFound extends DomainError {
  constructor(what = 'resource') {
    super('not_found', `The requested ${what} does not exist in this account.`);
  }
}

/** The request is valid but the resource's current state refuses it (e.g. `document_processing_active`). */
export class Conflict extends DomainError {}

/** Field-level refusals of a request (the envelope's `errors` map). */
export class InvalidInput extends DomainError {
  constructor(readonly errors: FieldErrors, message?: string) {
    super('validation_failed', message ?? Object.values(errors)[0]?.[0] ?? 'The given data was invalid.');
  }
}

/** Collects field errors, then throws one InvalidInput with all of them. */
export class FieldErrorCollector {
  readonly errors: FieldErrors = {};
  add(field: string, message: string): void {
    (this.errors[field] ??= []).push(message);
  }
  get empty(): boolean {
    return Object.keys(this.errors).length === 0;
  }
  throwIfAny(): void {
    if (!this.empty) throw new InvalidInput(this.errors);
  }
}
