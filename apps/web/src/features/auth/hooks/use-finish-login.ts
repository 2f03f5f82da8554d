import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { LoginResult } from '@houtai/shared/contract/auth';
import { useSessionStore } from '../../../lib/session-store.ts';
import { safeRedirect } from '../safe-redirect.ts';

/** Stores the login result and goes to `?redirect=` or home. */
export function useFinishLogin(): (result: LoginResult) => void {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signIn = useSessionStore((s) => s.signIn);
  return useCallback(
    (result: LoginResult) => {
      signIn(result);
      void navigate(safeRedirect(params.get('redirect')), { replace: true });
    },
    [navigate, params, signIn],
  );
}
