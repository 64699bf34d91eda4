import type { FormEvent } from 'react';

export type Errors = Partial<Record<string, string>>;

/** Client-side check before sending: the same rules and texts as the server's. */
export function checkBeforeSubmit(
  event: FormEvent<HTMLFormElement>,
  validate: (form: FormData) => Errors,
  setErrors: (errors: Errors | undefined) => void,
) {
  const form = event.currentTarget;
  const errors = validate(new FormData(form));
  if (Object.keys(errors).length > 0) {
    event.preventDefault();
    setErrors(errors);
    // After React has drawn the messages: focus the first field in error.
    requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  } else setErrors(undefined);
}
