import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from './api/client';

/**
 * docs/product.md §2 "User menu": client folders are hidden when the configuration disables them and
 * sponsorship shows only when active. The flags come from GET /api/v1/site-config (docs/product.md §3, edited
 * in the admin console); these defaults apply until it answers (or if it fails).
 */
export const FEATURES = {
  clientFolders: true,
  sponsorship: true,
  userCardDefault: false,
} as const;

export type Features = { [K in keyof typeof FEATURES]: boolean };

/** The site's feature flags, read once per session (5 minutes fresh). */
export function useFeatures(): Features {
  const { data } = useQuery({
    queryKey: ['site-config'],
    queryFn: () => unwrap(api.GET('/api/v1/site-config')),
    staleTime: 5 * 60_000,
    retry: false,
  });
  if (!data) return FEATURES;
  return {
    clientFolders: data.flags.client_folders,
    sponsorship: data.flags.sponsorship,
    userCardDefault: data.flags.user_card_default,
  };
}
