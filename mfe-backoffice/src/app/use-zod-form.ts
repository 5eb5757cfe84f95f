import { useState, type ChangeEvent } from 'react';
import type * as z from 'zod/mini';

type FormValues = Record<string, string>;
export type FieldErrors<V extends FormValues> = Partial<Record<keyof V, string>>;

/**
 * Text fields checked with a contract schema: the schema's Italian messages land on the field
 * named by the first element of each issue's path, the first issue per field winning.
 */
export function useZodForm<V extends FormValues>(initialValues: V) {
  const [values, setValues] = useState<V>(initialValues);
  const [errors, setErrors] = useState<FieldErrors<V>>({});

  function field(name: keyof V & string) {
    return {
      name,
      value: values[name],
      error: errors[name],
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const { value } = event.currentTarget;
        setValues((current) => ({ ...current, [name]: value }));
        setErrors((current) => ({ ...current, [name]: undefined }));
      },
    };
  }

  /** The parsed body, or null after showing the schema's messages on their fields. */
  function check<T>(schema: z.ZodMiniType<T>, input: unknown, fieldFor: (path: string) => keyof V = (path) => path): T | null {
    const result = schema.safeParse(input);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    const next: FieldErrors<V> = {};
    for (const issue of result.error.issues) {
      const name = fieldFor(String(issue.path[0] ?? ''));
      next[name] ??= issue.message;
    }
    setErrors(next);
    return null;
  }

  function setFieldError(name: keyof V, message: string) {
    setErrors((current) => ({ ...current, [name]: message }));
  }

  function reset(nextValues: V = initialValues) {
    setValues(nextValues);
    setErrors({});
  }

  return { values, errors, field, check, setFieldError, reset };
}
