/**
 * Hostile "return to" values, shared by the tests of the three apps so that each proves its sign-in
 * pages refuse the same forms. Each must give the fallback page.
 */
export const HOSTILE_RETURN_PATHS: readonly string[] = [
  // Another host, spelled directly.
  'https://evil.example',
  'http://evil.example/mes-rdvs',
  '//evil.example',
  '///evil.example',
  '////evil.example/x',
  'evil.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  // Backslashes, which browsers read as slashes.
  '/\\evil.example',
  '\\\\evil.example',
  '/\\/evil.example',
  '/%5Cevil.example',
  '/%5c/evil.example',
  // Tabs, new lines and other controls, raw and percent-encoded (browsers drop them from URLs).
  '/\t/evil.example',
  '/%09/evil.example',
  '/\n/x',
  '/%0a/x',
  '/%0d%0a/x',
  '/\r\n/evil.example',
  '/%00/evil.example',
  '/\u0000/evil.example',
  '/%7f/evil.example',
  '/%2509/evil.example',
  // Unicode spaces and formatting characters.
  '/\u3000/x',
  '/%E3%80%80/x',
  '/\u00a0/evil.example',
  '/%C2%A0/evil.example',
  '/\u2028/evil.example',
  '/\u202e/evil.example',
  '/%E2%80%AE/evil.example',
  '/\u200b/evil.example',
  '/\ufeff/evil.example',
  ' /participant/mes-rdvs',
  '/participant/mes-rdvs ',
  // Encoded slashes that decode to a protocol-relative URL, and broken encodings.
  '/%2F/evil.example',
  '/%2f%2fevil.example',
  '%2F%2Fevil.example',
  '/%E0%A4%A',
  '/%',
  // Not strings, empty, too long.
  '',
  '/' + 'a'.repeat(3000),
];
