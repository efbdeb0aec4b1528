import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchingTotpStep, otpauthUri, totpAt, totpStepAt } from './totp.js';

// RFC 6238 appendix B: the SHA-1 seed is the ASCII string "12345678901234567890", codes of 8 digits.
const RFC_SEED = Buffer.from('12345678901234567890', 'ascii');
const RFC_VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(RFC_VECTORS)('at %i s the SHA-1 code is %s', (seconds, code) => {
    expect(hotp(RFC_SEED, totpStepAt(seconds * 1000), 8)).toBe(code);
  });

  it('the 6-digit code is the last six digits of the RFC code, as authenticator apps show it', () => {
    const secret = base32Encode(RFC_SEED);
    expect(secret).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(totpAt(secret, 59_000)).toBe('287082');
    expect(base32Decode(secret).equals(RFC_SEED)).toBe(true);
  });

  it('takes the code of the step before and after now, and no further', () => {
    const secret = base32Encode(RFC_SEED);
    const now = 1111111111_000;
    expect(matchingTotpStep(secret, totpAt(secret, now), now)).toBe(totpStepAt(now));
    expect(matchingTotpStep(secret, totpAt(secret, now - 30_000), now)).toBe(totpStepAt(now) - 1);
    expect(matchingTotpStep(secret, totpAt(secret, now + 30_000), now)).toBe(totpStepAt(now) + 1);
    expect(matchingTotpStep(secret, totpAt(secret, now - 90_000), now)).toBeNull();
    expect(matchingTotpStep(secret, 'abcdef', now)).toBeNull();
    expect(matchingTotpStep(secret, '1234567', now)).toBeNull();
  });

  it('builds the otpauth address the apps read', () => {
    const uri = otpauthUri('Portico', 'ann@x', 'ABC');
    expect(uri).toBe('otpauth://totp/Portico:ann%40x?secret=ABC&issuer=Portico&algorithm=SHA1&digits=6&period=30');
  });
});
