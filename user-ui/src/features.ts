/**
 * Spec §2 "User menu": client folders are hidden when the configuration disables them and
 * sponsorship shows only when active. Both are on by default until the site config endpoint
 * (a later issue) provides the flags.
 */
export const FEATURES = {
  clientFolders: true,
  sponsorship: true,
} as const;
