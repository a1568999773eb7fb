import { useCallback, useState } from "react";

/**
 * Text-field form state: the values, a change handler per field (`onChange={field("name")}`), and the raw setter
 * for resets and programmatic fills.
 */
export function useFormFields<T extends Record<string, string>>(initial: T | (() => T)) {
  const [form, setForm] = useState<T>(initial);
  const field = useCallback(
    (name: keyof T) => (e: { target: { value: string } }) =>
      setForm((f) => ({ ...f, [name]: e.target.value })),
    [],
  );
  return [form, field, setForm] as const;
}
