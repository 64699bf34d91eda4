import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';

/** The e2e API's log: with SMS_PROVIDER=log it writes `SMS code for +33612345678: 123456`. */
export const API_LOG = process.env.E2E_API_LOG ?? path.resolve(__dirname, '../../var/logs/e2e/api.log');

/**
 * A French mobile number nobody else uses in this run: "06 12 34 56 78" and its E.164 form. Always in the
 * 0612 range, which the numbering plan (and libphonenumber) allocates: not every 06 prefix is valid.
 */
export function uniqueMobile(): { national: string; e164: string } {
  const digits = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
  const pairs = digits.match(/\d\d/g)!.join(' ');
  return { national: `06 12 ${pairs}`, e164: `+33612${digits}` };
}

/** The last SMS code the API "sent" to a number (E.164), waiting for it to be logged. */
export async function smsCodeFor(e164: string, timeout = 15_000): Promise<string> {
  let code: string | undefined;
  const pattern = new RegExp(`SMS code for ${e164.replace('+', '\\+')}: (\\d{4,10})`, 'g');
  await expect
    .poll(
      async () => {
        const log = await readFile(API_LOG, 'utf8').catch(() => '');
        const found = [...log.matchAll(pattern)];
        code = found.at(-1)?.[1];
        return code;
      },
      { timeout, message: `an SMS code for ${e164} in ${API_LOG}` },
    )
    .toBeTruthy();
  return code!;
}
