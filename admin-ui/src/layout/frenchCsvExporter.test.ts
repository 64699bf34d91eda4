import { describe, expect, it, vi } from 'vitest';
import { downloadCSV } from 'react-admin';
import { frenchCsvExporter } from './frenchCsvExporter';

vi.mock('react-admin', async (original) => ({ ...(await original<object>()), downloadCSV: vi.fn() }));

describe('CSV export of the console’s lists', () => {
  it('writes the console’s French labels as headers, « ; » between columns, oui / non, a BOM for Excel', async () => {
    const exporter = frenchCsvExporter('clients', 'clients', ['lastName', 'firstName', 'email', 'isActive']);
    await exporter(
      [
        { id: 'a1', lastName: 'Durand', firstName: 'Élise', email: 'elise@example.fr', isActive: true },
        { id: 'a2', lastName: 'Petit', firstName: 'Noé', email: 'noe@example.fr', isActive: false },
      ],
      () => Promise.resolve({}),
      {} as never,
      'clients',
    );
    await vi.waitFor(() => expect(downloadCSV).toHaveBeenCalled());
    const [csv, filename] = vi.mocked(downloadCSV).mock.calls[0]!;
    expect(filename).toBe('clients');
    expect(csv.startsWith('\ufeff')).toBe(true);
    expect(csv.slice(1).split('\n')).toEqual([
      'Nom;Prénom;Email;Actif',
      'Durand;Élise;elise@example.fr;oui',
      'Petit;Noé;noe@example.fr;non',
    ]);
  });
});
