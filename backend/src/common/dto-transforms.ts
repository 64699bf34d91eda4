import { Transform } from 'class-transformer';

/** Trims a string field before validation (other values pass unchanged, for the validators to refuse). */
export const Trim = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

/** Trims, and turns '' into null so a form (or react-admin) can clear an optional field. */
export const EmptyToNull = () =>
  Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && value.trim() === ''
      ? null
      : typeof value === 'string'
        ? value.trim()
        : value,
  );
