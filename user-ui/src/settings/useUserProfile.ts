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
  const update = useMutation({
    mutationFn: (payload: UserProfilePayload) => usersApi.update(userId, payload),
    onSuccess: (saved: UserProfile) => {
      queryClient.setQueryData(key, saved);
      // The menu shows the name from the session: keep it in step.
      queryClient.setQueryData(SESSION_QUERY_KEY, (session: object | null | undefined) =>
        session ? { ...session, ...saved } : session,
      );
    },
  });
  return { userId, profile, update };
}
