import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { TooManyRequestsError } from '../../common/domain-error';
import { ENV } from '../../config/config.module';
import type { Env } from '../../config/env.schema';
import { InjectRedis } from '../../redis/redis.module';
import type { AccountKind } from './access-tokens';

/** Failed logins allowed per (account, IP) in a window: the attacker's own budget against one account. */
export const LOGIN_PAIR_LIMIT = 5;
/** Failed logins allowed per IP over all accounts in a window: stops one IP trying many accounts. */
export const LOGIN_IP_LIMIT = 30;
/** Failed logins allowed per account from IPs that never signed in to it: stops a distributed attack on one account. */
export const LOGIN_ACCOUNT_LIMIT = 50;
export const LOGIN_WINDOW_SECONDS = 15 * 60;
/** An IP stays "known" for an account this long after a successful login from it. */
export const KNOWN_IP_SECONDS = 30 * 24 * 3600;

/** Password reset requests per IP per hour (429 beyond), and mails per account per hour (silently not sent beyond). */
export const RESET_IP_LIMIT = 10;
export const RESET_ACCOUNT_LIMIT = 3;
export const RESET_WINDOW_SECONDS = 3600;

/** Public actions that create rows and send mail, counted per client address in fixed windows. */
export const PUBLIC_ACTION_LIMITS = {
  /** Attendee accounts created from one address in an hour. */
  'attendee-sign-up': { limit: 10, windowSeconds: 3600 },
  /** Registration requests (`/demande-inscription`) from one address in an hour. */
  'registration-request': { limit: 5, windowSeconds: 3600 },
  /** Earlier-slot alert subscriptions (each mails a confirmation to the address typed) from one address in an hour. */
  'slot-alert': { limit: 10, windowSeconds: 3600 },
} as const;
export type PublicAction = keyof typeof PUBLIC_ACTION_LIMITS;

export const tooManyLoginAttempts = (retryAfterSeconds: number) =>
  new TooManyRequestsError(
    'TOO_MANY_LOGIN_ATTEMPTS',
    'Trop de tentatives de connexion. Veuillez réessayer dans quelques minutes.',
    retryAfterSeconds,
  );
export const tooManyResetRequests = (retryAfterSeconds: number) =>
  new TooManyRequestsError(
    'TOO_MANY_REQUESTS',
    'Trop de demandes de réinitialisation. Veuillez réessayer plus tard.',
    retryAfterSeconds,
  );

/**
 * Seconds until every refusing counter has expired (their PTTLs in ms), within [1, window].
 * A counter without a TTL (-1, -2: never expected, as each INCR is followed by EXPIRE NX) counts as a full window.
 */
export function secondsUntilFree(pttlsMs: number[], windowSeconds: number): number {
  const longest = Math.max(...pttlsMs.map((ms) => (ms > 0 ? ms : windowSeconds * 1000)));
  return Math.min(windowSeconds, Math.max(1, Math.ceil(longest / 1000)));
}

const digest = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 32);

/**
 * Login throttling with Redis counters, built so that an attacker cannot lock the real owner out:
 *
 * - In effect only FAILURES are counted (an attempt is counted up front, atomically, and taken back
 *   out when it succeeds), in fixed 15-minute windows starting at the first counted attempt.
 * - Per (account, IP): 5 failures, then that IP is refused for that account (429). A successful
 *   login resets this counter. An attacker hammering the account from their IPs uses up only
 *   their own pairs; the owner's (account, owner IP) pair is untouched.
 * - Per IP, all accounts together: 30 failures, then that IP is refused (429): bounds credential
 *   stuffing and account enumeration ('Account not exist') from one address.
 * - Per account, all IPs together: 50 failures, then the account is refused, EXCEPT from IPs that
 *   signed in successfully to it in the last 30 days ("known IPs"). This bounds a distributed
 *   attack (many IPs, a few tries each) while the owner's usual IPs keep working. The owner on a
 *   brand-new IP during such an attack waits for the window to end, or resets the password.
 *
 * Every 429 carries Retry-After: the seconds until the refusing counters' windows end.
 *
 * The account key is the account id when it exists (so username and email share counters), the
 * typed identifier otherwise. Keys are hashed and namespaced with QUEUE_PREFIX. When Redis is
 * down the limiter fails open (logins keep working) and logs a warning.
 */
@Injectable()
export class AuthRateLimiter {
  private readonly logger = new Logger(AuthRateLimiter.name);
  private readonly prefix: string;

  constructor(
    @InjectRedis() private readonly redis: Redis,
    @Inject(ENV) env: Env,
  ) {
    this.prefix = `${env.QUEUE_PREFIX}:auth`;
  }

  private loginKeys(kind: AccountKind, accountKey: string, ip: string) {
    const account = digest(`${kind}:${accountKey}`);
    const address = digest(ip);
    return {
      pair: `${this.prefix}:login-fail:pair:${account}:${address}`,
      ip: `${this.prefix}:login-fail:ip:${address}`,
      account: `${this.prefix}:login-fail:account:${account}`,
      known: `${this.prefix}:known-ip:${account}:${address}`,
    };
  }

  /**
   * Counts an attempt BEFORE the password is checked (one atomic MULTI), and throws 429 past a limit.
   * Counting first means parallel requests cannot slip past the limit between a check and an increment;
   * `recordLoginSuccess` then takes a successful attempt back out, so in effect only failures count.
   */
  async beginLoginAttempt(kind: AccountKind, accountKey: string, ip: string): Promise<void> {
    const keys = this.loginKeys(kind, accountKey, ip);
    const counters = await this.safely(
      async () => {
        const multi = this.redis.multi();
        for (const key of [keys.pair, keys.ip, keys.account]) {
          multi.incr(key);
          multi.expire(key, LOGIN_WINDOW_SECONDS, 'NX');
          multi.pttl(key);
        }
        multi.exists(keys.known);
        const results = await multi.exec();
        const at = (index: number) => Number(results?.[index]?.[1] ?? 0);
        return {
          pair: { count: at(0), pttl: at(2) },
          ip: { count: at(3), pttl: at(5) },
          account: { count: at(6), pttl: at(8) },
          known: at(9),
        };
      },
      { pair: { count: 0, pttl: 0 }, ip: { count: 0, pttl: 0 }, account: { count: 0, pttl: 0 }, known: 0 },
    );
    const refusing: number[] = [];
    if (counters.pair.count > LOGIN_PAIR_LIMIT) refusing.push(counters.pair.pttl);
    if (counters.ip.count > LOGIN_IP_LIMIT) refusing.push(counters.ip.pttl);
    if (refusing.length > 0) {
      // Refused for the attacker's own budget (pair or IP): no password was tried, so the attempt
      // does not count against the account, or one address hammering it would lock the owner out.
      await this.safely(() => this.redis.decr(keys.account), 0);
    } else if (counters.account.count > LOGIN_ACCOUNT_LIMIT && counters.known === 0) {
      refusing.push(counters.account.pttl);
    }
    if (refusing.length > 0) throw tooManyLoginAttempts(secondsUntilFree(refusing, LOGIN_WINDOW_SECONDS));
  }

  /** A successful login: clears its (account, IP) pair, takes the attempt back out of the totals, and remembers the IP. */
  async recordLoginSuccess(kind: AccountKind, accountKey: string, ip: string): Promise<void> {
    const keys = this.loginKeys(kind, accountKey, ip);
    await this.safely(async () => {
      await this.redis
        .multi()
        .del(keys.pair)
        .decr(keys.ip)
        .decr(keys.account)
        .set(keys.known, '1', 'EX', KNOWN_IP_SECONDS)
        .exec();
    }, undefined);
  }

  /** Counts a reset request: 429 past RESET_IP_LIMIT for the IP; false (send nothing) past RESET_ACCOUNT_LIMIT for the account. */
  async allowResetRequest(kind: AccountKind, email: string, ip: string): Promise<boolean> {
    const ipKey = `${this.prefix}:reset:ip:${digest(ip)}`;
    const accountKey = `${this.prefix}:reset:account:${digest(`${kind}:${email}`)}`;
    const counts = await this.safely(
      async () => {
        const results = await this.redis
          .multi()
          .incr(ipKey)
          .expire(ipKey, RESET_WINDOW_SECONDS, 'NX')
          .pttl(ipKey)
          .incr(accountKey)
          .expire(accountKey, RESET_WINDOW_SECONDS, 'NX')
          .exec();
        const at = (index: number) => Number(results?.[index]?.[1] ?? 0);
        return { ip: at(0), ipPttl: at(2), account: at(3) };
      },
      { ip: 0, ipPttl: 0, account: 0 },
    );
    if (counts.ip > RESET_IP_LIMIT)
      throw tooManyResetRequests(secondsUntilFree([counts.ipPttl], RESET_WINDOW_SECONDS));
    return counts.account <= RESET_ACCOUNT_LIMIT;
  }

  /**
   * Counts one public action (sign-up, registration request) from the client address; past the
   * action's limit in its window, 429 TOO_MANY_REQUESTS with Retry-After. Fails open without Redis.
   */
  async countPublicAction(action: PublicAction, ip: string): Promise<void> {
    const { limit, windowSeconds } = PUBLIC_ACTION_LIMITS[action];
    const key = `${this.prefix}:action:${action}:${digest(ip)}`;
    const counter = await this.safely(
      async () => {
        const results = await this.redis.multi().incr(key).expire(key, windowSeconds, 'NX').pttl(key).exec();
        return { count: Number(results?.[0]?.[1] ?? 0), pttl: Number(results?.[2]?.[1] ?? 0) };
      },
      { count: 0, pttl: 0 },
    );
    if (counter.count > limit)
      throw new TooManyRequestsError(
        'TOO_MANY_REQUESTS',
        'Trop de demandes depuis votre connexion. Veuillez réessayer plus tard.',
        secondsUntilFree([counter.pttl], windowSeconds),
      );
  }

  private async safely<T>(operation: () => Promise<T>, fallback: T): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      this.logger.warn(
        `Rate limiter unavailable (failing open): ${error instanceof Error ? error.message : String(error)}`,
      );
      return fallback;
    }
  }
}
