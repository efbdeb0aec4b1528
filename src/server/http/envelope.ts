import type { ApiEnvelope } from '../../shared/api.js';
import type { Compressible } from './encoding.js';

export function ok<T>(data: T): ApiEnvelope<T> {
  return { isSuccess: true, errorCode: 0, message: '', data };
}

export function failure(errorCode: number, message: string, data: unknown = null): ApiEnvelope {
  return { isSuccess: false, errorCode, message, data };
}

/**
 * An envelope serialized once, to be sent as it is many times (cached public answers). It is kept as
 * UTF-8 bytes: sent as a string, every answer would encode the text again and measure it again
 * (a News/Query page is ~12 KB, mostly Chinese). A kept answer also keeps its compressed variants
 * (`encodedBody`), made the first time a client accepts one.
 */
export class SerializedEnvelope implements Compressible {
  br?: Buffer;
  gzip?: Buffer;
  constructor(readonly body: Buffer) {}
}

export const serializeOk = (data: unknown) => new SerializedEnvelope(Buffer.from(JSON.stringify(ok(data))));
