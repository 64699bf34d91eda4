// node --test scripts/audit-check.test.mjs: the allowlist logic of scripts/audit-check.mjs on npm audit reports.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseAudit, unaccepted } from './audit-check.mjs';

const report = JSON.stringify({
  auditReportVersion: 2,
  vulnerabilities: {
    'sanitize-html': {
      name: 'sanitize-html',
      severity: 'moderate',
      via: [
        {
          source: 1101,
          name: 'sanitize-html',
          title: 'XSS through a crafted attribute',
          url: 'https://github.com/advisories/GHSA-aaaa-bbbb-cccc',
          severity: 'moderate',
        },
      ],
    },
    express: { name: 'express', severity: 'high', via: ['path-to-regexp'] },
    'path-to-regexp': {
      name: 'path-to-regexp',
      severity: 'high',
      via: [
        {
          source: 1102,
          name: 'path-to-regexp',
          title: 'ReDoS',
          url: 'https://github.com/advisories/GHSA-dddd-eeee-ffff',
          severity: 'high',
        },
      ],
    },
  },
});

test('an unreachable audit endpoint is reported as unavailable, not as an advisory', () => {
  const mirror = JSON.stringify({
    message: '405 Method Not Allowed - POST .../advisories/bulk',
    statusCode: 405,
    error: { summary: '' },
  });
  assert.ok('unavailable' in parseAudit(mirror));
  assert.ok('unavailable' in parseAudit('npm ERR! network'));
});

test('advisories are found once each, through the package that carries them', () => {
  const result = parseAudit(report);
  assert.deepEqual(result.advisories.map((a) => `${a.id} ${a.package}`).sort(), [
    'GHSA-aaaa-bbbb-cccc sanitize-html',
    'GHSA-dddd-eeee-ffff path-to-regexp',
  ]);
});

test('only advisories outside the allowlist (or past their date, or without a reason) fail', () => {
  const { advisories } = parseAudit(report);
  const now = new Date('2026-11-27T00:00:00Z');
  const allow = (id, pkg, until, reason = 'not reachable from our code') => ({
    id,
    package: pkg,
    until,
    reason,
  });
  assert.equal(unaccepted(advisories, [], now).length, 2);
  assert.deepEqual(
    unaccepted(advisories, [allow('GHSA-aaaa-bbbb-cccc', 'sanitize-html', '2027-01-01')], now).map(
      (a) => a.id,
    ),
    ['GHSA-dddd-eeee-ffff'],
  );
  assert.equal(
    unaccepted(advisories, [allow('GHSA-aaaa-bbbb-cccc', 'sanitize-html', '2026-11-01')], now).length,
    2,
  );
  assert.equal(
    unaccepted(advisories, [allow('GHSA-aaaa-bbbb-cccc', 'sanitize-html', '2027-01-01', ' ')], now).length,
    2,
  );
  assert.equal(
    unaccepted(advisories, [allow('GHSA-aaaa-bbbb-cccc', 'express', '2027-01-01')], now).length,
    2,
  );
});
