import { useState, type ChangeEvent } from 'react';

/**
 * A form's text values by field name and the messages under its fields. `field(name)` gives
 * an input its name, value, message and typing. With `retireOnEdit`, typing in a field takes
 * its message away (the message was about the value it had).
 */
export function useFormFields<F extends string>(
  initial: Record<F, string>,
  { retireOnEdit = false }: { retireOnEdit?: boolean } = {},
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});

  function set(name: F, value: string) {
    setValues((current) => ({ ...current, [name]: value }));
    if (!retireOnEdit) return;
    setErrors((current) => {
      if (!current[name]) return current;
      const next = { ...current };
      delete next[name];
      return next;
    });
  }

  const field = (name: F) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(name, event.target.value),
  });

  return { values, errors, setErrors, set, field };
}
