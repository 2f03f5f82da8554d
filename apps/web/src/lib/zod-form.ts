/**
 * Runs a shared zod schema (packages/shared, the server validates with the same one) over a form's values and
 * hands its messages to the fields they concern, so a form shows the server's rules in the server's words.
 */
import type { FormInstance, FormRule } from 'antd';
import type { z } from 'zod';

export interface FieldErrors {
  /** Messages by top-level field name; issues without a field are under ''. */
  byField: Map<string, string[]>;
}

/** The schema's verdict: the parsed value, or the messages by field. */
export function checkWithSchema<S extends z.ZodType>(
  schema: S,
  values: unknown,
): { ok: true; value: z.infer<S> } | { ok: false; errors: FieldErrors } {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, value: parsed.data };
  const byField = new Map<string, string[]>();
  for (const issue of parsed.error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : '';
    const list = byField.get(key) ?? [];
    if (!list.includes(issue.message)) list.push(issue.message);
    byField.set(key, list);
  }
  return { ok: false, errors: { byField } };
}

/**
 * Shows the errors on the form's fields (fields the form does not have are returned, for a message).
 * Returns the messages no field took.
 */
export function showFieldErrors(form: FormInstance, errors: FieldErrors, fieldNames: readonly string[]): string[] {
  const known = new Set(fieldNames);
  const rest: string[] = [];
  const fields: { name: string; errors: string[] }[] = [];
  for (const [name, messages] of errors.byField) {
    if (known.has(name)) fields.push({ name, errors: messages });
    else rest.push(...messages);
  }
  form.setFields(fields);
  return rest;
}

/**
 * A code field's "already taken" check on blur: once the value passes the shared `format`, and differs from the
 * record's own `current` code, `isTaken` asks the server; its message (the code is taken) becomes the field's error.
 */
export function codeFreeOnBlur(
  format: z.ZodType,
  current: string | undefined,
  isTaken: (code: string) => Promise<string | null>,
): FormRule {
  return {
    validateTrigger: 'onBlur',
    validator: async (_rule, value: unknown) => {
      if (!format.safeParse(value).success) return;
      const code = String(value).trim();
      if (current !== undefined && code === current) return;
      const taken = await isTaken(code);
      if (taken) throw new Error(taken);
    },
  };
}
