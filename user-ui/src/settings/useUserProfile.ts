import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usersApi, type UserProfile, type UserProfilePayload } from '../api/auth';
import { SESSION_QUERY_KEY } from '../auth/session';
import { useUserId } from '../auth/useUserId';

/** The signed-in professional's whole account, and one mutation that saves part of it. */
export function useUserProfile() {
  const userId = useUserId();
  const queryClient = useQueryClient();
  const key = ['user-profile', userId];
  const profile = useQuery({ queryKey: key, queryFn: ({ signal }) => usersApi.get(userId, signal) });
  /** Keeps the page and the session (the menu shows the name) in step with the account the API answered. */
  const remember = (saved: UserProfile) => {
    queryClient.setQueryData(key, saved);
    queryClient.setQueryData(SESSION_QUERY_KEY, (session: object | null | undefined) =>
      session ? { ...session, ...saved } : session,
    );
  };
  const update = useMutation({
    mutationFn: (payload: UserProfilePayload) => usersApi.update(userId, payload),
    onSuccess: remember,
  });
  return { userId, profile, update, remember };
}
