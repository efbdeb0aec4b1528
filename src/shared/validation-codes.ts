/**
 * The codes of validation issues (docs/decisions/0052), kept apart from shared/refusals.ts (which
 * reads the schemas) so that the schemas can name their refinements' codes without an import cycle.
 *
 * A validation issue (`data.issues[]` of a 40000) carries one of VALIDATION_CODES as `code`, with
 * the figures its text needs as `params`. The first group is zod's own codes (the shared schemas
 * check every input); `required` is a missing value or an empty text; the rest are named refusals of
 * Portico's own: refinements in the shared schemas, the body and HTTP checks, and handlers.
 */
export const VALIDATION_CODES = [
  // zod's checks (`unrecognized_keys` is answered as `unknown_field`, one issue per call).
  'required',
  'invalid_type',
  'too_small',
  'too_big',
  'invalid_format',
  'not_multiple_of',
  'invalid_value',
  'invalid_union',
  'invalid_key',
  'invalid_element',
  'unknown_field',
  // Refinements of the shared schemas.
  'invalid_date',
  'invalid_url',
  'invalid_phone',
  'salary_order',
  'email_or_phone_required',
  'code_or_password_required',
  'required_in_one_language',
  'unknown_placeholder',
  'one_selection',
  'country_code',
  'built_in_role_key',
  'no_grant',
  // The body and the HTTP request.
  'nul_character',
  'too_deep',
  'malformed_json',
  'malformed_body',
  'malformed_multipart',
  'malformed_address',
  'malformed_http',
  'length_mismatch',
  'no_host',
  'request_timeout',
  'body_not_empty',
  'unexpected_file',
  // Handlers.
  'no_such_reference',
  'too_many_rows',
  'too_many_matches',
  'too_many_selected',
  'own_language_translation',
  'wrong_password',
  'old_password_required',
  'own_account_only',
  'others_only',
  'enrolment_not_started',
  'enrolment_again',
  'wrong_code',
  'common_password',
  'contains_user_name',
  'unknown_role',
] as const;
export type ValidationCode = (typeof VALIDATION_CODES)[number];

export function isValidationCode(value: unknown): value is ValidationCode {
  return typeof value === 'string' && (VALIDATION_CODES as readonly string[]).includes(value);
}

/**
 * What a custom refinement of a shared schema says when it refuses: its English message and its
 * code, which zod keeps in the issue's `params` and the server answers as the issue's `code`.
 */
export const coded = (code: ValidationCode, message: string, path?: string[]) => ({ message, params: { code }, ...(path ? { path } : {}) });

