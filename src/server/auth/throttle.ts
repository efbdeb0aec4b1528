import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { tooManyRequests } from '../http/errors.js';
import { userNameKey } from '../resources/users/present.js';

/**
 * Sign-in throttling: only failures count. Too many for one user name (trimmed, any case) or from
 * one client address lock sign-in for that name or address, even with the right password.
 */
export async function assertSignInAllowed(ctx: AppContext, userName: string, address: string) {
  const [nameLocked, addressLocked] = await Promise.all([
    ctx.counters.isLocked(`login:user:${userNameKey(userName)}`),
    ctx.counters.isLocked(`login:addr:${address}`),
  ]);
  if (nameLocked || addressLocked) throw tooManyRequests();
}

export async function recordSignInFailure(ctx: AppContext, userName: string, address: string) {
  const { loginMaxPerUser, loginMaxPerAddress, loginWindowMs } = ctx.config.throttle;
  const nameKey = `login:user:${userNameKey(userName)}`;
  const addressKey = `login:addr:${address}`;
  const [nameCount, addressCount] = await Promise.all([
    ctx.counters.hit(nameKey, loginWindowMs),
    ctx.counters.hit(addressKey, loginWindowMs),
  ]);
  if (nameCount >= loginMaxPerUser) {
    await ctx.counters.lock(nameKey, loginWindowMs);
    await ctx.counters.reset(nameKey);
  }
  if (addressCount >= loginMaxPerAddress) {
    await ctx.counters.lock(addressKey, loginWindowMs);
    await ctx.counters.reset(addressKey);
  }
}

export async function recordSignInSuccess(ctx: AppContext, userName: string) {
  await ctx.counters.reset(`login:user:${userNameKey(userName)}`);
}

/**
 * Each public form accepts a limited number of submissions per client address and window. Only
 * accepted submissions count towards that limit, so a visitor correcting a mistake is not locked
 * out; every attempt also counts towards a five times larger limit, which bounds what a robot can
 * make the server parse (a résumé can weigh 10 MB).
 */
export async function assertFormAllowed(request: FastifyRequest, form: string) {
  const { formMaxPerAddress, formWindowMs } = request.server.ctx.config.throttle;
  const counters = request.server.ctx.counters;
  const [accepted, attempts] = await Promise.all([
    counters.get(`form:${form}:${request.ip}`),
    counters.hit(`form-attempt:${form}:${request.ip}`, formWindowMs),
  ]);
  if (accepted >= formMaxPerAddress || attempts > formMaxPerAddress * 5) throw tooManyRequests();
}

export async function countFormSubmission(request: FastifyRequest, form: string) {
  const { formWindowMs } = request.server.ctx.config.throttle;
  await request.server.ctx.counters.hit(`form:${form}:${request.ip}`, formWindowMs);
}
