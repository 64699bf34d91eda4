import type { ReactElement } from 'react';
import CalendarMonth from '@mui/icons-material/CalendarMonth';
import CreditCard from '@mui/icons-material/CreditCardOutlined';
import Dashboard from '@mui/icons-material/DashboardOutlined';
import Event from '@mui/icons-material/EventOutlined';
import FolderShared from '@mui/icons-material/FolderSharedOutlined';
import Handshake from '@mui/icons-material/HandshakeOutlined';
import Person from '@mui/icons-material/PersonOutlined';
import Phone from '@mui/icons-material/PhoneOutlined';
import Settings from '@mui/icons-material/SettingsOutlined';
import BeachAccess from '@mui/icons-material/BeachAccessOutlined';
import ListAlt from '@mui/icons-material/ListAlt';
import Payments from '@mui/icons-material/PaymentsOutlined';
import type { Features } from '../features';

export interface NavItem {
  to: string;
  label: string;
  icon: ReactElement;
  /** Shows the number of future appointments. */
  badge?: 'futureEvents';
  children?: NavItem[];
}

/** docs/product.md §2 "User menu", with the entries the site configuration turns on. */
export function navigationFor(features: Pick<Features, 'clientFolders' | 'sponsorship'>): NavItem[] {
  return [
    { to: '/dashboard', label: 'Tableau de bord', icon: <Dashboard /> },
    {
      to: '/setting',
      label: 'Paramètres',
      icon: <Settings />,
      children: [
        { to: '/setting', label: 'Profil et réglages', icon: <Person /> },
        { to: '/calendriers', label: 'Calendriers et horaires', icon: <CalendarMonth /> },
        { to: '/periodes-de-vacances', label: 'Périodes de vacances', icon: <BeachAccess /> },
        { to: '/motifs', label: 'Motifs de rendez-vous', icon: <ListAlt /> },
      ],
    },
    { to: '/events', label: 'Rendez-vous', icon: <Event />, badge: 'futureEvents' },
    { to: '/appels', label: 'Appels', icon: <Phone /> },
    ...(features.clientFolders
      ? [{ to: '/dossiers-client', label: 'Dossiers clients', icon: <FolderShared /> }]
      : []),
    { to: '/paiements', label: 'Mes paiements', icon: <Payments /> },
    { to: '/abonnement', label: 'Mon abonnement', icon: <CreditCard /> },
    ...(features.sponsorship ? [{ to: '/parrainage', label: 'Parrainage', icon: <Handshake /> }] : []),
  ];
}
