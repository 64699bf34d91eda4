import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { authApi, type UserAccount } from '../api/auth';
import { ApiError } from '../api/client';
import { clearUserToken, getUserToken, storeUserToken } from './token';

export const SESSION_QUERY_KEY = ['session', 'user'] as const;

/**
 * docs/product.md §4: the professional is authenticated once check-logged returns the account; a failed
 * check is silent (no message, the guard simply sends them to the login page). Without a
 * token there is nothing to check, so no request is made.
 */
export async function loadSession(signal?: AbortSignal): Promise<UserAccount | null> {
  if (!getUserToken()) return null;
  try {
    return await authApi.checkLogged(signal);
  } catch (error) {
    // A refused token is dead: forget it. Other failures (API down) keep it for the next load.
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) clearUserToken();
    return null;
  }
}

export function useSession() {
  return useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: ({ signal }) => loadSession(signal),
    staleTime: Infinity,
    retry: false,
  });
}

/** Stores the token and the account after a successful login or registration. */
export function useStartSession() {
  const queryClient = useQueryClient();
  return useCallback(
    (token: string, user: UserAccount) => {
      storeUserToken(token);
      queryClient.setQueryData(SESSION_QUERY_KEY, user);
    },
    [queryClient],
  );
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    clearUserToken();
    queryClient.clear();
    queryClient.setQueryData(SESSION_QUERY_KEY, null);
  }, [queryClient]);
}
