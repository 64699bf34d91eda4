import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

// The pages of the three apps, read from their route configurations (not a hand list), so a page added to an
// app is walked by the layout checks without anyone remembering to list it.

const root = path.join(__dirname, '..', '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const exists = (file: string) => existsSync(path.join(root, file));

/**
 * The professional space's signed-in pages (`user-ui/src/routes.tsx`, the children of `RequireAuth`), as
 * `/user/...` paths; `:param` segments kept for the caller to fill.
 */
export function professionalSpacePages(): string[] {
  const source = read('user-ui/src/routes.tsx');
  const signedIn = source.slice(source.indexOf('<RequireAuth />'));
  return [...signedIn.matchAll(/\{ path: '([^']+)'/g)]
    .map((match) => match[1]!)
    .filter((route) => route !== '*')
    .map((route) => `/user/${route}`);
}

/**
 * The public site's pages (`public-ui/app/routes.ts`): every route served by a component (`.tsx`), not the
 * resource routes (`.ts`: sitemap, robots, downloads). Paths as patterns with the sector's segments filled.
 */
export function publicSitePatterns(sectorRouteWords: object): string[] {
  const sectorRoutes = sectorRouteWords as Record<string, string>;
  const source = read('public-ui/app/routes.ts');
  const routes = [...source.matchAll(/route\(\s*(?:(['`])([^'`]*)\1|sector\.routes\.(\w+)),\s*'([^']+)'/g)]
    .filter((match) => match[4]!.endsWith('.tsx') && match[2] !== '*')
    .map((match) =>
      match[3]
        ? `/${sectorRoutes[match[3]]}`
        : `/${match[2]!.replace(/\$\{sector\.routes\.(\w+)\}/g, (_all, key: string) => sectorRoutes[key] ?? key)}`,
    );
  return /\bindex\(\s*'[^']+\.tsx'/.test(source) ? ['/', ...routes] : routes;
}

/** Whether a concrete path is one of a route pattern's pages (`:param`, `:param?`). */
export function matchesPattern(pattern: string, concrete: string): boolean {
  const regex = pattern
    .split('/')
    .map((segment) =>
      segment.startsWith(':')
        ? segment.endsWith('?')
          ? '(?:/[^/]+)?'
          : '/[^/]+'
        : segment
          ? `/${segment}`
          : '',
    )
    .join('');
  return new RegExp(`^${regex || '/'}$`).test(concrete);
}

export interface ConsoleResource {
  name: string;
  views: Array<'list' | 'edit' | 'show' | 'create'>;
}

/** The console's resources (`<Resource name=...>` of `admin-ui/src/App.tsx`) with the views each declares. */
export function consoleResources(): ConsoleResource[] {
  const app = read('admin-ui/src/App.tsx');
  const imports = new Map(
    [...app.matchAll(/^import (\w+) from '\.\/([\w/-]+)';$/gm)].map((match) => [match[1]!, match[2]!]),
  );
  const constants = read('admin-ui/src/billing/records.ts');
  const constant = (name: string) => new RegExp(`export const ${name} = '([^']+)'`).exec(constants)?.[1];
  return [...app.matchAll(/<Resource name=(?:"([^"]+)"|\{(\w+)\}) \{\.\.\.(\w+)\} \/>/g)].map((match) => {
    const name = match[1] ?? constant(match[2]!) ?? match[2]!;
    const folder = imports.get(match[3]!);
    const file =
      folder && ['index.ts', 'index.tsx'].map((name) => `admin-ui/src/${folder}/${name}`).find(exists);
    const index = file ? read(file) : '';
    const views = (['list', 'edit', 'show', 'create'] as const).filter((view) =>
      new RegExp(`\\b${view}:`).test(index),
    );
    return { name, views };
  });
}

/** The console's own pages behind sign-in (`<Route path=...>` of `<CustomRoutes>` with the layout). */
export function consoleCustomPages(): string[] {
  const app = read('admin-ui/src/App.tsx');
  const withLayout = app.slice(app.indexOf('<CustomRoutes>'));
  return [...withLayout.matchAll(/<Route\s+path="([^"]+)"/g)].map((match) => `/admin${match[1]}`);
}
