/**
 * The submit of a dialog, a form or a row action: validate the form (when there is one), run the mutation, then
 * the success effects — or the failure's text (a warning by default). HTTP failures stay silent: the http client's
 * error catalogue has reported them. The mutation's `isPending` is the button's loading.
 */
import type { FormInstance } from 'antd';
import { failureText } from './failure-text.ts';
import { useFeedback } from './feedback.ts';

/** What a submit needs of a mutation (react-query's useMutation result fits). */
export interface SubmitMutation<Input, Result> {
  mutateAsync: (input: Input) => Promise<Result>;
  isPending: boolean;
}

export interface SubmitSteps<Values, Input, Result> {
  /** The values to send; null stops without a call (the form shows its field messages). */
  values: () => Promise<Values | null>;
  /** The call's input from the values; null stops (after the caller's own message). Default: the values. */
  input?: ((values: Values) => Input | null) | undefined;
  /** Once the input is ready, before the call: e.g. clear the previous failure's message. */
  onStart?: (() => void) | undefined;
  run: (input: Input) => Promise<Result>;
  onSuccess?: ((result: Result, values: Values) => void) | undefined;
  /** A failure's text: the server's message of a refusal, never an HTTP failure's. */
  onFailure: (text: string, error: unknown) => void;
}

/** One submit, without React: resolves true when the call succeeded (after onSuccess). */
export async function runSubmit<Values, Input, Result>(steps: SubmitSteps<Values, Input, Result>): Promise<boolean> {
  const values = await steps.values();
  if (values === null) return false;
  const input = steps.input ? steps.input(values) : (values as unknown as Input);
  if (input === null) return false;
  steps.onStart?.();
  let result: Result;
  try {
    result = await steps.run(input);
  } catch (e) {
    const text = failureText(e);
    if (text !== null) steps.onFailure(text, e);
    return false;
  }
  steps.onSuccess?.(result, values);
  return true;
}

export interface FormSubmitOptions<Values, Input, Result> {
  /** Validated before anything is sent, unless `submit` is given the values (a Form's onFinish). */
  form?: FormInstance<Values> | undefined;
  mutation: SubmitMutation<Input, Result>;
  input?: SubmitSteps<Values, Input, Result>['input'];
  onStart?: SubmitSteps<Values, Input, Result>['onStart'];
  onSuccess?: SubmitSteps<Values, Input, Result>['onSuccess'];
  /** Default: the text as a warning. */
  onFailure?: SubmitSteps<Values, Input, Result>['onFailure'] | undefined;
}

export interface FormSubmit<Values> {
  /** Submits the given values, or the form's once they validate. Resolves true when the call succeeded. */
  submit: (values?: Values) => Promise<boolean>;
  /** The mutation is on its way: the button's loading. */
  submitting: boolean;
}

export function useFormSubmit<Values, Input = Values, Result = unknown>(
  options: FormSubmitOptions<Values, Input, Result>,
): FormSubmit<Values> {
  const { message } = useFeedback();
  const { form, mutation, input, onStart, onSuccess } = options;
  const onFailure = options.onFailure ?? ((text: string) => void message.warning(text));
  const submit = (given?: Values) =>
    runSubmit<Values, Input, Result>({
      values: () =>
        given !== undefined || !form ? Promise.resolve(given as Values) : form.validateFields().catch(() => null),
      input,
      onStart,
      run: (i) => mutation.mutateAsync(i),
      onSuccess,
      onFailure,
    });
  return { submit, submitting: mutation.isPending };
}
