import { useEffect, useRef, useState } from 'react';
import { browserApi } from '../lib/browser-api';
import type { CitySuggestion } from '../lib/directory';

const MIN_CHARS = 2;
const DEBOUNCE_MS = 180;

/** "Lyon (69)": what a suggestion puts in the field; the directory resolves the department in brackets. */
export function suggestionValue(s: Pick<CitySuggestion, 'name' | 'departmentCode'>): string {
  return `${s.name} (${s.departmentCode})`;
}

/**
 * The city field of the search form. A plain text input in the server HTML (the form works
 * without JavaScript); once hydrated, a native <datalist> is filled from
 * GET /api/v1/cities/autocomplete through the gateway as the visitor types.
 */
export function CityInput({ id, defaultValue }: { id: string; defaultValue: string }) {
  const [suggestions, setSuggestions] = useState<CitySuggestion[]>([]);
  const [enhanced, setEnhanced] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const controller = useRef<AbortController | null>(null);
  const listId = `${id}-suggestions`;

  useEffect(() => {
    setEnhanced(true);
    return () => {
      window.clearTimeout(timer.current);
      controller.current?.abort();
    };
  }, []);

  function onInput(value: string) {
    window.clearTimeout(timer.current);
    const q = value.trim();
    // A chosen suggestion ("Lyon (69)") needs no new request.
    if (q.length < MIN_CHARS || suggestions.some((s) => suggestionValue(s) === q)) return;
    timer.current = window.setTimeout(async () => {
      controller.current?.abort();
      controller.current = new AbortController();
      try {
        const { data, response } = await browserApi().GET('/api/v1/cities/autocomplete', {
          params: { query: { q, limit: 8 } },
          signal: controller.current.signal,
        });
        if (response.ok && data) setSuggestions(data);
      } catch {
        // Aborted or offline: the plain field still works.
      }
    }, DEBOUNCE_MS);
  }

  return (
    <>
      <input
        id={id}
        name="ville"
        type="text"
        autoComplete={enhanced ? 'off' : 'address-level2'}
        placeholder="Ex. : Lyon, 69003"
        defaultValue={defaultValue}
        list={enhanced ? listId : undefined}
        onInput={(event) => onInput(event.currentTarget.value)}
        required
        maxLength={60}
      />
      {enhanced && (
        <datalist id={listId}>
          {suggestions.map((s) => (
            <option key={s.cityUri} value={suggestionValue(s)}>
              {s.postalCodes[0] ?? ''}
            </option>
          ))}
        </datalist>
      )}
    </>
  );
}
