import { useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import Logout from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import { authApi } from '../api/auth';
import { useEndSession, useSession } from '../auth/session';
import { useFutureEventsCount } from '../auth/useFutureEventsCount';
import { RouterLink } from '../components/RouterLink';
import { BrandMark } from './AuthLayout';
import { useFeatures } from '../features';
import { navigationFor, type NavItem } from './navigation';

const DRAWER_WIDTH = 272;

function initials(firstName?: string, lastName?: string, email?: string): string {
  const letters = `${firstName?.[0] ?? ''}${lastName?.[0] ?? ''}`;
  return (letters || email?.[0] || '?').toUpperCase();
}

function NavLinks({
  futureEvents,
  onNavigate,
}: {
  futureEvents: number | undefined;
  onNavigate: () => void;
}) {
  const { pathname } = useLocation();
  const navigation = navigationFor(useFeatures());
  const renderItem = (item: NavItem, depth: number) => {
    const selected = pathname === item.to && !(item.children && depth === 0);
    return (
      <Box component="li" key={`${item.to}-${item.label}`} sx={{ listStyle: 'none' }}>
        <ListItemButton
          component={RouterLink}
          to={item.to}
          selected={selected}
          aria-current={selected ? 'page' : undefined}
          onClick={onNavigate}
          sx={{
            borderRadius: 2,
            mx: 1.5,
            my: 0.25,
            pl: depth ? 5 : 2,
            py: depth ? 0.5 : 1,
            '&.Mui-selected': { bgcolor: 'primary.main', color: 'primary.contrastText' },
            '&.Mui-selected:hover': { bgcolor: 'primary.dark' },
            '&.Mui-selected .MuiListItemIcon-root': { color: 'inherit' },
          }}
        >
          {depth === 0 ? <ListItemIcon sx={{ minWidth: 38 }}>{item.icon}</ListItemIcon> : null}
          <ListItemText
            primary={item.label}
            slotProps={{
              primary: { variant: depth ? 'body2' : 'body1', sx: { fontWeight: depth ? 400 : 500 } },
            }}
          />
          {item.badge === 'futureEvents' && futureEvents ? (
            <Badge
              badgeContent={futureEvents}
              color={selected ? 'default' : 'primary'}
              max={99}
              sx={{
                mr: 1.5,
                '& .MuiBadge-badge': selected ? { bgcolor: '#fff', color: 'primary.main' } : undefined,
              }}
              slotProps={{ badge: { 'aria-label': `${futureEvents} rendez-vous à venir` } as object }}
            />
          ) : null}
        </ListItemButton>
        {item.children ? (
          <List disablePadding component="ul" sx={{ p: 0 }}>
            {item.children.map((child) => renderItem(child, depth + 1))}
          </List>
        ) : null}
      </Box>
    );
  };
  return (
    <List component="ul" sx={{ py: 1 }}>
      {navigation.map((item) => renderItem(item, 0))}
    </List>
  );
}

/** Authenticated layout of the professional's space: side menu (docs/product.md §2 "User menu") and top bar. */
export function UserLayout() {
  const { data: user } = useSession();
  const endSession = useEndSession();
  const navigate = useNavigate();
  const [mobileOpen, setMobileOpen] = useState(false);
  const futureEvents = useFutureEventsCount(user?._id);

  const logout = async () => {
    // The server revokes the token first; the session ends here whatever it answers.
    await authApi.logout().catch(() => undefined);
    endSession();
    navigate('/connexion', { replace: true });
  };

  const drawer = (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Toolbar sx={{ px: 3 }}>
        <BrandMark />
      </Toolbar>
      <Divider />
      <Box component="nav" aria-label="Menu principal" sx={{ flex: 1, overflowY: 'auto' }}>
        <NavLinks futureEvents={futureEvents.data} onNavigate={() => setMobileOpen(false)} />
      </Box>
    </Box>
  );

  const fullName = [user?.first_name, user?.last_name].filter(Boolean).join(' ') || user?.email;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <AppBar
        position="fixed"
        color="inherit"
        elevation={0}
        sx={{
          width: { md: `calc(100% - ${DRAWER_WIDTH}px)` },
          ml: { md: `${DRAWER_WIDTH}px` },
          borderBottom: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
        }}
      >
        <Toolbar sx={{ gap: 2 }}>
          <IconButton
            aria-label="Ouvrir le menu"
            edge="start"
            onClick={() => setMobileOpen(true)}
            sx={{ display: { md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
          <Box sx={{ flex: 1 }} />
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
            <Avatar
              src={user?.picture ?? undefined}
              alt=""
              sx={{ width: 34, height: 34, bgcolor: 'primary.main', fontSize: 14 }}
              aria-hidden
            >
              {initials(user?.first_name, user?.last_name, user?.email)}
            </Avatar>
            <Typography sx={{ display: { xs: 'none', sm: 'block' }, fontWeight: 500 }}>{fullName}</Typography>
          </Box>
          <Button
            onClick={() => void logout()}
            startIcon={<Logout />}
            color="inherit"
            variant="outlined"
            sx={{ borderColor: 'divider' }}
          >
            Se déconnecter
          </Button>
        </Toolbar>
      </AppBar>
      <Box component="div" sx={{ width: { md: DRAWER_WIDTH }, flexShrink: { md: 0 } }}>
        <Drawer
          variant="temporary"
          open={mobileOpen}
          onClose={() => setMobileOpen(false)}
          ModalProps={{ keepMounted: false }}
          sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}
        >
          {drawer}
        </Drawer>
        <Drawer
          variant="permanent"
          open
          sx={{
            display: { xs: 'none', md: 'block' },
            '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
          }}
        >
          {drawer}
        </Drawer>
      </Box>
      <Box component="main" sx={{ flex: 1, minWidth: 0, p: { xs: 2, sm: 4 }, mt: 8 }}>
        <Outlet />
      </Box>
    </Box>
  );
}
