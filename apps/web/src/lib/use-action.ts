/**
 * A call with its pending flag, shaped like a react-query mutation for useFormSubmit. For the sign-in screens
 * only: react-query's mutation code (useMutation, MutationObserver) is not on the first screen, and keeping it
 * off keeps the login page as light as it was. Everything behind the sign-in uses the api/ mutation hooks.
 */
import { useCallback, useState } from 'react';
import type { SubmitMutation } from './use-form-submit.ts';

export function useAction<Input, Result>(run: (input: Input) => Promise<Result>): SubmitMutation<Input, Result> {
  const [isPending, setPending] = useState(false);
  const mutateAsync = useCallback(
    async (input: Input) => {
      setPending(true);
      try {
        return await run(input);
      } finally {
        setPending(false);
      }
    },
    [run],
  );
  return { mutateAsync, isPending };
}
