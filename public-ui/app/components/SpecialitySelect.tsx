/** The specialities as a `specialite` field of a GET form (the home's search, a listing's filter): all by default. */
export function SpecialitySelect({
  id,
  specialities,
  chosen,
}: {
  id: string;
  specialities: ReadonlyArray<{ slug: string; name: string }>;
  chosen?: string;
}) {
  return (
    <select id={id} name="specialite" defaultValue={chosen ?? ''}>
      <option value="">Tous les domaines</option>
      {specialities.map((s) => (
        <option key={s.slug} value={s.slug}>
          {s.name}
        </option>
      ))}
    </select>
  );
}
