import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { reportBrowserError } from '@rdv/api-client';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { MESSAGES_FR } from '@rdv/sectors';
import { PageTitle } from '../components/PageTitle';

/** docs/product.md §2 error page: the status code, 'Page introuvable' for 404, and a way home. */
export function ErrorView({ status }: { status: number }) {
  const notFound = status === 404;
  const title = notFound ? MESSAGES_FR.notFoundTitle : MESSAGES_FR.errorTitle;
  return (
    <Box sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center', textAlign: 'center', p: 4 }}>
      <PageTitle title={title} />
      <Box>
        <Typography variant="h2" component="p" color="primary" sx={{ fontWeight: 800 }}>
          {status}
        </Typography>
        <Typography variant="h5" component="h1" sx={{ mt: 1 }}>
          {title}
        </Typography>
        {notFound ? (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {MESSAGES_FR.notFoundText}
          </Typography>
        ) : null}
        <Button href="/" variant="contained" sx={{ mt: 3 }}>
          {MESSAGES_FR.backHome}
        </Button>
      </Box>
    </Box>
  );
}

export function NotFoundPage() {
  return <ErrorView status={404} />;
}

export function RouteErrorPage() {
  const error = useRouteError();
  // A screen that broke (not an answer of the API's): the error tracker hears of it when on.
  useEffect(() => {
    if (!isRouteErrorResponse(error)) reportBrowserError(error);
  }, [error]);
  return <ErrorView status={isRouteErrorResponse(error) ? error.status : 500} />;
}
