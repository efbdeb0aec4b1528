import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { ErrorCode } from '../../shared/api.js';
import type { MultipartSpec } from './route-spec.js';
import { AppError, validationError } from './errors.js';
import { NUL_MESSAGE } from './validate.js';

export interface MultipartInput {
  /** Text fields as sent (the first value of a repeated one). */
  fields: Record<string, string>;
  files: Record<string, { name: string; content: Buffer }>;
}

export const MALFORMED_MULTIPART = 'Malformed multipart body';

/**
 * What an error raised while reading a multipart body means for the client. Ours (AppError) and
 * @fastify/multipart's (coded `FST_…`, classified by the error handler) pass as they are. Every other
 * one comes from busboy reading the client's bytes ("Multipart: Boundary not found", "Unexpected end
 * of multipart data", "Part terminated early…", a boundary of 0 or over 256 characters) or from the
 * client's connection (aborted, reset): reading a body touches no disk and no database, so none of
 * them is a server fault, and none carries a code to tell them apart.
 */
function asClientError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && code.startsWith('FST_')) return error;
  return Object.assign(validationError([{ path: '', code: 'malformed_multipart', message: MALFORMED_MULTIPART }]), { cause: error });
}

/** Reads a multipart body whole: its text fields, and the files the call takes, within its limits. */
export async function readMultipart(request: FastifyRequest, spec: MultipartSpec): Promise<MultipartInput> {
  const input: MultipartInput = { fields: {}, files: {} };
  try {
    // `parts()` itself throws when the content type names no boundary.
    for await (const part of request.parts({ limits: spec.limits })) {
      if (part.type === 'file') {
        const file = part as MultipartFile;
        if (!(file.fieldname in spec.files) || input.files[file.fieldname]) {
          file.file.resume();
          throw validationError([{ path: file.fieldname, code: 'unexpected_file', message: spec.unexpectedFileMessage }]);
        }
        input.files[file.fieldname] = { name: file.filename, content: await file.toBuffer() };
      } else if (!(part.fieldname in input.fields)) {
        // A value over the field size limit arrives cut short; read as it is, it would be another value.
        if (part.valueTruncated) throw new AppError(ErrorCode.tooLarge, `${part.fieldname}: The field is too large`, { reason: 'field', field: part.fieldname });
        const value = String(part.value);
        if (value.includes('\u0000')) throw validationError([{ path: part.fieldname, code: 'nul_character', message: NUL_MESSAGE }]);
        input.fields[part.fieldname] = value;
      }
    }
  } catch (error) {
    throw asClientError(error);
  }
  return input;
}
