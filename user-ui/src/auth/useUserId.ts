import { useSession } from './session';

/** Id of the signed-in professional; pages under the guard always have one. */
export function useUserId(): string {
  const { data } = useSession();
  return data?._id ?? '';
}
