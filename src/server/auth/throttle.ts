import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { tooManyRequests } from '../http/errors.js';
import { userNameKey } from '../resources/users/present.js';

const nameKeyOf = (userName: string) => `login:user:${userNameKey(userName)}`;
const addressKeyOf = (address: string) => `login:addr:${address}`;

/**
 * Sign-in throttling: only failures count. Too many for one user name (trimmed, any case) or from
 * one client address lock sign-in for that name or address, even with the right password. This
 * check comes first, before the body is even validated, so no variation of a request gets past a
 * lock.
 */
export async function assertSignInAllowed(ctx: AppContext, userName: string, address: string) {
  const [nameLocked, addressLocked] = await Promise.all([
    ctx.counters.isLocked(nameKeyOf(userName)),
    ctx.counters.isLocked(addressKeyOf(address)),
  ]);
  if (nameLocked || addressLocked) throw tooManyRequests('sign-in');
}

export interface SignInAttempt {
  /** Counts the failure; answers which locks it set (the audit log records each as a `lock`). */
  failed(): Promise<{ nameLocked: boolean; addressLocked: boolean }>;
  succeeded(): Promise<void>;
  /** The check could not be made: the attempt gives its places back. */
  abandoned(): Promise<void>;
}

/**
 * Takes a place for one password check in the name's and the address's counts before the (slow)
 * check runs, so a burst of parallel guesses cannot all slip in ahead of the lock: an attempt
 * beyond the allowance is refused unchecked. A success gives its places back (only failures
 * count), and resets the name's count as the contract says.
 */
export async function beginSignInAttempt(ctx: AppContext, userName: string, address: string): Promise<SignInAttempt> {
  const { loginMaxPerUser, loginMaxPerAddress, loginWindowMs } = ctx.config.throttle;
  const nameKey = nameKeyOf(userName);
  const addressKey = addressKeyOf(address);
  const [nameCount, addressCount] = await Promise.all([
    ctx.counters.hit(nameKey, loginWindowMs),
    ctx.counters.hit(addressKey, loginWindowMs),
  ]);
  if (nameCount > loginMaxPerUser || addressCount > loginMaxPerAddress) {
    await Promise.all([ctx.counters.release(nameKey), ctx.counters.release(addressKey)]);
    throw tooManyRequests('sign-in');
  }
  return {
    async failed() {
      const nameLocked = nameCount >= loginMaxPerUser;
      const addressLocked = addressCount >= loginMaxPerAddress;
      if (nameLocked) {
        await ctx.counters.lock(nameKey, loginWindowMs);
        await ctx.counters.reset(nameKey);
      }
      if (addressLocked) {
        await ctx.counters.lock(addressKey, loginWindowMs);
        await ctx.counters.reset(addressKey);
      }
      return { nameLocked, addressLocked };
    },
    async succeeded() {
      await Promise.all([ctx.counters.reset(nameKey), ctx.counters.release(addressKey)]);
    },
    async abandoned() {
      await Promise.all([ctx.counters.release(nameKey), ctx.counters.release(addressKey)]);
    },
  };
}

/**
 * Each public form accepts a limited number of submissions per client address and window. Only
 * accepted submissions count towards that limit, so a visitor correcting a mistake is not locked
 * out; every attempt also counts towards a five times larger limit, which bounds what a robot can
 * make the server parse (a résumé can weigh 10 MB).
 *
 * A submission takes its place in the count before it is read, so a burst of parallel ones cannot
 * all pass the check before any is counted; the handler gives the place back with `release()` when
 * the submission is refused after all (invalid, a job that is not open, a failed save).
 */
export async function reserveFormSubmission(request: FastifyRequest, form: string): Promise<{ release(): Promise<void> }> {
  const { formMaxPerAddress, formWindowMs } = request.server.ctx.config.throttle;
  const counters = request.server.ctx.counters;
  const acceptedKey = `form:${form}:${request.ip}`;
  const [accepted, attempts] = await Promise.all([
    counters.hit(acceptedKey, formWindowMs),
    counters.hit(`form-attempt:${form}:${request.ip}`, formWindowMs),
  ]);
  const release = () => counters.release(acceptedKey);
  if (accepted > formMaxPerAddress || attempts > formMaxPerAddress * 5) {
    await release();
    throw tooManyRequests('form');
  }
  return { release };
}

/** Runs a public form's handler in its reserved place, given back if the submission is refused. */
export async function withFormAllowance<T>(request: FastifyRequest, form: string, accept: () => Promise<T>): Promise<T> {
  const place = await reserveFormSubmission(request, form);
  try {
    return await accept();
  } catch (error) {
    await place.release();
    throw error;
  }
}
