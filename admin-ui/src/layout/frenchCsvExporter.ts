import jsonExport from 'jsonexport/dist';
import { downloadCSV, type Exporter, type RaRecord } from 'react-admin';
import { i18nProvider } from '../i18nProvider';

/** A column of the file: a field of the record, or a field name (its header) with how to read its value. */
export type CsvColumn = string | { field: string; value: (record: RaRecord) => unknown };

const cell = (value: unknown): string | number => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'oui' : 'non';
  if (typeof value === 'number') return value;
  if (Array.isArray(value)) return value.map((item) => cell(item)).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

/**
 * The rows of a list as a CSV a French spreadsheet opens as it is: headers are the console's own field labels
 * (`resources.<resource>.fields.<field>`), columns separated by « ; », UTF-8 with its byte-order mark (accents
 * survive Excel), booleans as oui / non. What the list's filters and sort select is what is exported.
 */
export function frenchCsvExporter(resource: string, filename: string, columns: CsvColumn[]): Exporter {
  return (records: RaRecord[]) => {
    const rows = records.map((record) =>
      Object.fromEntries(
        columns.map((column) => {
          const field = typeof column === 'string' ? column : column.field;
          const value = typeof column === 'string' ? record[column] : column.value(record);
          return [i18nProvider.translate(`resources.${resource}.fields.${field}`, { _: field }), cell(value)];
        }),
      ),
    );
    jsonExport(rows, { rowDelimiter: ';' }, (error: Error | null, csv: string) => {
      if (!error) downloadCSV(`\ufeff${csv}`, filename);
    });
  };
}
