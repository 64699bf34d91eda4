import { render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import App, { ErrorBoundary, meta } from './root';
import { loader as notFoundLoader } from './routes/not-found';
import { rootData } from './test-support';

function renderAt(path: string) {
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      loader: () => rootData(),
      Component: App,
      ErrorBoundary,
      HydrateFallback: () => null,
      children: [
        { index: true, Component: () => <h1>Accueil</h1> },
        {
          path: 'panne',
          loader: () => {
            throw new Error('database down');
          },
          Component: () => null,
        },
        { path: '*', loader: notFoundLoader, Component: () => null },
      ],
    },
  ]);
  return render(<Stub initialEntries={[path]} />);
}

describe('error pages', () => {
  it('shows "Page introuvable", the 404 code, the explanation and a link home for an unknown path', async () => {
    renderAt('/cette-page-n-existe-pas');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Page introuvable');
    expect(screen.getByText('Erreur 404')).toBeTruthy();
    expect(screen.getByText("La page que vous cherchez a été supprimée ou n'a jamais existé.")).toBeTruthy();
    expect(screen.getByRole('link', { name: "Retour à l'accueil" }).getAttribute('href')).toBe('/');
  });

  it('shows "Une erreur est survenue" and the 500 code when a page fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderAt('/panne');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Une erreur est survenue');
    expect(screen.getByText('Erreur 500')).toBeTruthy();
    expect(screen.getByRole('link', { name: "Retour à l'accueil" }).getAttribute('href')).toBe('/');
    expect(screen.queryByText(/database down/)).toBeNull();
  });

  it('titles the error page with the product name and keeps it out of search engines', () => {
    const args = {
      error: { status: 404, statusText: 'Not Found', internal: false, data: null },
      matches: [{ id: 'root', loaderData: rootData() }],
    };
    // isRouteErrorResponse checks the shape of a router error response.
    const tags = meta(args as unknown as Parameters<typeof meta>[0]);
    expect(tags).toContainEqual({ title: 'Page introuvable | RDV Avocat' });
    expect(tags).toContainEqual({ name: 'robots', content: 'noindex' });
  });
});

describe('default layout', () => {
  it('hides the header on the home page', async () => {
    renderAt('/');
    await screen.findByRole('heading', { name: 'Accueil' });
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it('shows the header elsewhere, with a link home', async () => {
    renderAt('/introuvable');
    await screen.findByRole('heading', { name: 'Page introuvable' });
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'RDV Avocat, accueil' }).getAttribute('href')).toBe('/');
  });
});
