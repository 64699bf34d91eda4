import { Injectable } from '@nestjs/common';
import type { DbOrTx } from '../../database/database.types';
import type { AccountKind } from './access-tokens';
import { hashLinkToken, newLinkToken } from './link-tokens';
import { type LinkPurpose, LinkTokensRepository } from './link-tokens.repository';

export type { LinkPurpose } from './link-tokens.repository';

/**
 * Single-use, expiring links mailed to an account (password reset, sign-up of a professional created by an
 * admin). Callers handle the raw token only: it is hashed here, and only its SHA-256 is stored.
 * Every method takes the caller's transaction, so a link is issued or used together with the change it belongs to.
 */
@Injectable()
export class LinkTokens {
  constructor(private readonly repository: LinkTokensRepository) {}

  /** A new link token for the account, valid `ttlMs`; with `replaceOthers`, the account's older links of this purpose die. */
  async issue(
    db: DbOrTx,
    link: { purpose: LinkPurpose; kind: AccountKind; accountId: string },
    now: Date,
    ttlMs: number,
    options: { replaceOthers?: boolean } = {},
  ): Promise<string> {
    if (options.replaceOthers)
      await this.repository.invalidateAll(db, link.purpose, link.kind, link.accountId, now);
    const token = newLinkToken();
    await this.repository.insert(db, {
      ...link,
      tokenHash: hashLinkToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + ttlMs),
    });
    return token;
  }

  /** The account of an unused, unexpired token, without using it. */
  findValid(
    db: DbOrTx,
    purpose: LinkPurpose,
    kind: AccountKind,
    token: string,
    now: Date,
  ): Promise<string | undefined> {
    return this.repository.findValid(db, purpose, kind, hashLinkToken(token), now);
  }

  /** Uses the token (single use) and returns its account; undefined when it is unknown, used or expired. */
  consume(
    db: DbOrTx,
    purpose: LinkPurpose,
    kind: AccountKind,
    token: string,
    now: Date,
  ): Promise<string | undefined> {
    return this.repository.consume(db, purpose, kind, hashLinkToken(token), now);
  }

  /** Kills every outstanding link of the account for `purpose` (password changed, new invitation sent). */
  invalidateAll(
    db: DbOrTx,
    purpose: LinkPurpose,
    kind: AccountKind,
    accountId: string,
    now: Date,
  ): Promise<void> {
    return this.repository.invalidateAll(db, purpose, kind, accountId, now);
  }
}
