import type { ReactNode } from 'react';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { ApiError } from './api/client';
import { SESSION_QUERY_KEY } from './auth/session';
import { theme } from './theme';

export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } },
    queryCache: new QueryCache({ onError: (error) => endSessionOnUnauthorized(error) }),
    mutationCache: new MutationCache({ onError: (error) => endSessionOnUnauthorized(error) }),
  });
  /** A session refused mid-way (expired, account deactivated): the guard shows the login page. */
  function endSessionOnUnauthorized(error: unknown) {
    if (error instanceof ApiError && error.status === 401) {
      queryClient.setQueryData(SESSION_QUERY_KEY, null);
    }
  }
  return queryClient;
}

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </QueryClientProvider>
  );
}
