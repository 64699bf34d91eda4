import { readFileSync } from 'node:fs';
import path from 'node:path';
import { validateXML } from 'xmllint-wasm';

/** The Factur-X 1.09 EN 16931 schema files checked into test/fixtures/factur-x (see its README). */
const XSD_DIR = path.join(__dirname, '../fixtures/factur-x');
const PREFIX = 'Factur-X_1.09_EN16931_urn_un_unece_uncefact_data_standard_';
const schema = (name: string) => ({
  fileName: name,
  contents: readFileSync(path.join(XSD_DIR, name), 'utf8'),
});

/**
 * Validates a Factur-X (CII) XML against the EN 16931 profile's XSD with libxml2 (xmllint-wasm): the subscription
 * invoices and the professionals' fee notes are checked the same way. `errors` is empty when `valid`.
 */
export async function validateFacturX(xml: string): Promise<{ valid: boolean; errors: readonly unknown[] }> {
  const result = await validateXML({
    xml: [{ fileName: 'factur-x.xml', contents: xml }],
    schema: [schema('Factur-X_EN16931.xsd')],
    preload: [
      schema(`${PREFIX}QualifiedDataType_100.xsd`),
      schema(`${PREFIX}ReusableAggregateBusinessInformationEntity_100.xsd`),
      schema(`${PREFIX}UnqualifiedDataType_100.xsd`),
    ],
  });
  return { valid: result.valid, errors: result.errors };
}
