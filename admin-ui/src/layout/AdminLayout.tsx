import type { ReactNode } from 'react';
import { AppBar, Layout, TitlePortal } from 'react-admin';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { AdminMenu } from './AdminMenu';
import { sector } from '../sector';
import { DocumentTitle } from './DocumentTitle';

function AdminAppBar() {
  return (
    <AppBar>
      <Typography
        component="span"
        sx={{ fontWeight: 700, mr: 2, whiteSpace: 'nowrap', display: { xs: 'none', md: 'inline' } }}
      >
        {sector.productName}
        <Box component="span" sx={{ color: 'text.secondary', fontWeight: 500, ml: 1 }}>
          Administration
        </Box>
      </Typography>
      <TitlePortal />
    </AppBar>
  );
}

export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <Layout menu={AdminMenu} appBar={AdminAppBar}>
      <DocumentTitle />
      {children}
    </Layout>
  );
}
