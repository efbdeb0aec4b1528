import type { ApiEnvelope } from '../../shared/api.js';

export function ok<T>(data: T): ApiEnvelope<T> {
  return { isSuccess: true, errorCode: 0, message: '', data };
}

export function failure(errorCode: number, message: string, data: unknown = null): ApiEnvelope {
  return { isSuccess: false, errorCode, message, data };
}

/** An envelope serialized once, to be sent as it is many times (cached public answers). */
export class SerializedEnvelope {
  constructor(readonly json: string) {}
}

export const serializeOk = (data: unknown) => new SerializedEnvelope(JSON.stringify(ok(data)));
