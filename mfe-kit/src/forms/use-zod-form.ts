import { useState, type ChangeEvent } from 'react';
import type * as z from 'zod/mini';
import { apiErrorMessage, fieldNamedBy } from '@incontra/mfe-kit/api-error';

/**
 * A form's values by field: text (inputs, selects, radios, colours, dates as ISO text), a
 * checkbox's boolean, a checkbox group's list, or what a composite field holds (a day's ranges).
 */
type FormValues = Record<string, unknown>;
export type FieldErrors<V extends FormValues> = Partial<Record<keyof V, string>>;
/** The fields holding text: what `field` binds to an input. */
type TextKeys<V extends FormValues> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;
/** The fields holding a boolean: what `checkbox` binds. */
type BooleanKeys<V extends FormValues> = { [K in keyof V]: V[K] extends boolean ? K : never }[keyof V] & string;

export interface ZodFormOptions<V extends FormValues> {
  /** Body fields that the form shows under another name (the reset form's `password` is `newPassword`). */
  aliases?: Partial<Record<string, keyof V & string>>;
  /**
   * A schema per field (a contract schema's `shape`): a field shown wrong is checked again as it
   * is typed, so its message goes as soon as the value will do. Without one, typing clears it.
   */
  rules?: { [K in keyof V]?: z.ZodMiniType };
  /** Every change of the values, for a parent that keeps one of them (the live page keeps the name across steps). */
  onValuesChange?(values: V): void;
}

/** What `field` gives an input: spread it on a Mantine TextInput, NativeSelect or Textarea (or hand it to a component that holds one). */
export interface FormField {
  name: string;
  value: string;
  error: string | undefined;
  onChange(event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>): void;
}

/** What `control` gives a component that takes its value whole (Select, Radio.Group, SegmentedControl, ColorInput, Checkbox.Group, a date picker's ISO text, a composite field). */
export interface FormControl<T> {
  value: T;
  error: string | undefined;
  onChange(value: T): void;
}

/** What `checkbox` gives a Mantine Checkbox or Switch. */
export interface FormCheckbox {
  name: string;
  checked: boolean;
  error: string | undefined;
  onChange(event: ChangeEvent<HTMLInputElement>): void;
}

/** The schema's first message for a value, or undefined when it will do. */
function ruleMessage(rule: z.ZodMiniType, value: unknown): string | undefined {
  const result = rule.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/**
 * Fields of every kind checked with a contract schema, and the API's answer to them. The schema's Italian
 * messages, and an API refusal that names a field, land on that field (first message per field
 * wins); any other failure is the form's own, shown above the fields (`formError`).
 */
export function useZodForm<V extends FormValues>(initialValues: V, { aliases = {}, rules = {}, onValuesChange }: ZodFormOptions<V> = {}) {
  const [values, setValues] = useState<V>(initialValues);
  const [errors, setErrors] = useState<FieldErrors<V>>({});

  /** Changes one value: a message shown on it goes once the value will do (with a rule), or at once (without). */
  function setValue<K extends keyof V & string>(name: K, value: V[K]) {
    const next = { ...values, [name]: value };
    setValues(next);
    onValuesChange?.(next);
    const rule = rules[name];
    setErrors((current) => ({ ...current, [name]: rule && current[name] ? ruleMessage(rule, value) : undefined }));
  }

  function field(name: TextKeys<V>): FormField {
    return {
      name,
      value: (values[name] as string | undefined) ?? '',
      error: errors[name],
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => setValue(name, event.currentTarget.value as V[typeof name]),
    };
  }

  function control<K extends keyof V & string>(name: K): FormControl<V[K]> {
    return { value: values[name], error: errors[name], onChange: (value: V[K]) => setValue(name, value) };
  }

  function checkbox(name: BooleanKeys<V>): FormCheckbox {
    return {
      name,
      checked: values[name] as boolean,
      error: errors[name],
      onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(name, event.currentTarget.checked as V[typeof name]),
    };
  }

  /** Checks one field with its rule (on blur, say); true when it will do. */
  function checkField(name: keyof V & string): boolean {
    const rule = rules[name];
    const message = rule ? ruleMessage(rule, values[name]) : undefined;
    setErrors((current) => ({ ...current, [name]: message }));
    return message === undefined;
  }

  /** The form field a body field is shown in, or null when the form has none for it. */
  function fieldFor(bodyField: string): (keyof V & string) | null {
    const name = aliases[bodyField] ?? bodyField;
    return name in initialValues ? name : null;
  }

  /** The parsed body, or null after showing the schema's messages on their fields. */
  function check<T>(schema: z.ZodMiniType<T>, input: unknown): T | null {
    const result = schema.safeParse(input);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    const next: FieldErrors<V> = {};
    for (const issue of result.error.issues) {
      const name = fieldFor(String(issue.path[0] ?? ''));
      if (name) next[name] ??= issue.message;
    }
    setErrors(next);
    return null;
  }

  function setFieldError(name: keyof V, message: string) {
    setErrors((current) => ({ ...current, [name]: message }));
  }

  /** A mutation's onError: a refusal naming one of the form's fields goes under that field. */
  function showApiError(error: unknown) {
    const name = fieldNamedBy(error, fieldFor);
    if (name) setFieldError(name, apiErrorMessage(error));
  }

  /** What to show above the fields for a failed call: null when there is none or it sits on a field. */
  function formError(error: unknown, message: (error: unknown) => string = apiErrorMessage): string | null {
    if (error === null || error === undefined || fieldNamedBy(error, fieldFor)) return null;
    return message(error);
  }

  function reset(nextValues: V = initialValues) {
    setValues(nextValues);
    setErrors({});
  }

  return { values, errors, field, control, checkbox, setValue, checkField, check, setFieldError, showApiError, formError, reset };
}
