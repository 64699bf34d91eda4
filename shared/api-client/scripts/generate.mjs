/**
 * Writes src/schema.ts (the API's types) from backend/openapi.json with openapi-typescript.
 * `--check` exits 1 when the committed file differs from what the document produces, so a stale
 * client fails CI like a stale document. Run by `npm run openapi[:check] -w backend`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const documentPath = path.resolve(root, '..', '..', 'backend', 'openapi.json');
const target = path.join(root, 'src', 'schema.ts');

const HEADER = `/**
 * Generated from backend/openapi.json by openapi-typescript: do not edit.
 * Regenerate with "npm run build -w backend && npm run openapi -w backend".
 */

`;

const document = JSON.parse(fs.readFileSync(documentPath, 'utf8'));
// defaultNonNullable off: a request field with a default may be left out, so it must stay optional.
const ast = await openapiTS(document, { alphabetize: true, defaultNonNullable: false });
const generated = HEADER + astToString(ast);

if (process.argv.includes('--check')) {
  const committed = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : '';
  if (committed !== generated) {
    process.stderr.write(
      `${target} is stale: run "npm run build -w backend && npm run openapi -w backend" and commit it.\n`,
    );
    process.exit(1);
  }
  process.stdout.write(`${target} is up to date.\n`);
} else {
  fs.writeFileSync(target, generated);
  process.stdout.write(`Wrote ${target}\n`);
}
