import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP) as the common authenticator apps
 * read them: HMAC-SHA-1, 30-second steps, 6 digits. Written on Node's HMAC rather than taken from a
 * package: the algorithm is twenty lines and RFC 6238's own test vectors check it (totp.test.ts).
 */

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of now a code is still taken for: a phone's clock a little off, a slow typist. */
export const TOTP_DRIFT_STEPS = 1;
/** 160 bits, the HMAC-SHA-1 block the RFC recommends. */
const SECRET_BYTES = 20;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=-]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new shared secret, base32 as the apps take it. */
export const newTotpSecret = () => base32Encode(randomBytes(SECRET_BYTES));

/** The time step a moment falls in. */
export const totpStepAt = (epochMs: number) => Math.floor(epochMs / 1000 / TOTP_STEP_SECONDS);

/** HOTP (RFC 4226 section 5.3): the code of one counter value. */
export function hotp(secret: Buffer, counter: number, digits = TOTP_DIGITS, algorithm: 'sha1' | 'sha256' | 'sha512' = 'sha1'): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, secret).update(message).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The code an authenticator app shows for this base32 secret at this moment. */
export const totpAt = (secretBase32: string, epochMs: number) => hotp(base32Decode(secretBase32), totpStepAt(epochMs));

/**
 * The time step whose code this is, within the allowed drift around `epochMs`, or null. Every step
 * is compared in constant time, so the answer's timing says nothing about which digits were right.
 */
export function matchingTotpStep(secretBase32: string, code: string, epochMs: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const secret = base32Decode(secretBase32);
  const now = totpStepAt(epochMs);
  let found: number | null = null;
  for (let step = now - TOTP_DRIFT_STEPS; step <= now + TOTP_DRIFT_STEPS; step++) {
    if (timingSafeEqual(Buffer.from(hotp(secret, step)), Buffer.from(code)) && found === null) found = step;
  }
  return found;
}

/** The `otpauth://` address an authenticator app reads from the QR code (Google's Key Uri Format). */
export function otpauthUri(issuer: string, account: string, secretBase32: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const params = new URLSearchParams({
    secret: secretBase32,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}
