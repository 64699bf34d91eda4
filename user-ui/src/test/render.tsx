import { readFetchCall } from '@rdv/api-client';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { AppProviders, createQueryClient } from '../AppProviders';
import { BASENAME, routes } from '../routes';

/** Renders the whole user-ui at a URL (as the browser would, e.g. '/user/connexion'). */
export function renderApp(url: string) {
  const router = createMemoryRouter(routes, { basename: BASENAME, initialEntries: [url] });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}

export interface FakeRoute {
  method?: string;
  path: string | RegExp;
  status?: number;
  body?: unknown;
}

/** A fetch stand-in answering by method + path; records every call. */
export function fakeApi(routesTable: FakeRoute[]) {
  const calls: { method: string; url: string; headers: Headers; body: unknown }[] = [];
  const fetchMock = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const call = await readFetchCall(input, init);
    calls.push(call);
    const { method, url } = call;
    const pathOnly = url.split('?')[0] ?? url;
    const route = routesTable.find(
      (r) =>
        (r.method ?? 'GET').toUpperCase() === method &&
        (typeof r.path === 'string' ? r.path === pathOnly : r.path.test(pathOnly)),
    );
    if (!route) {
      return new Response(JSON.stringify({ statusCode: 404, code: 'NOT_FOUND', message: 'Not Found' }), {
        status: 404,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    return new Response(route.body === undefined ? '' : JSON.stringify(route.body), {
      status: route.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return { fetchMock, calls };
}
