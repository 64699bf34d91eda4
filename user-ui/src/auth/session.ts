import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { authApi, type UserAccount } from '../api/auth';
import { forgetLegacyToken } from './token';

export const SESSION_QUERY_KEY = ['session', 'user'] as const;

/**
 * docs/product.md §4: the professional is authenticated once check-logged returns the account; a failed
 * check is silent (no message, the guard simply sends them to the login page). The session cookie
 * is HttpOnly, so the page cannot know whether there is one: it asks.
 */
export async function loadSession(signal?: AbortSignal): Promise<UserAccount | null> {
  forgetLegacyToken();
  try {
    return await authApi.checkLogged(signal);
  } catch {
    // Refused (no session, or a dead one) or API down: the guard shows the login page either way.
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

/**
 * Keeps the account after a successful sign-in (the API has set the session cookie) or registration
 * (its token is handed to the cookie first: the page never stores it).
 */
export function useStartSession() {
  const queryClient = useQueryClient();
  return useCallback(
    async (user: UserAccount, token?: string) => {
      if (token) await authApi.adoptSession(token);
      queryClient.setQueryData(SESSION_QUERY_KEY, user);
    },
    [queryClient],
  );
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    queryClient.clear();
    queryClient.setQueryData(SESSION_QUERY_KEY, null);
  }, [queryClient]);
}
