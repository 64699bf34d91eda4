import DashboardIcon from '@mui/icons-material/DashboardOutlined';
import AccountIcon from '@mui/icons-material/AccountCircleOutlined';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import InsightsIcon from '@mui/icons-material/InsightsOutlined';
import BusinessIcon from '@mui/icons-material/BusinessOutlined';
import { Menu, useTranslate } from 'react-admin';

/** docs/product.md §2 admin menu: dashboard, users, teams, articles (and images). */
export function AdminMenu() {
  const translate = useTranslate();
  return (
    <Menu>
      <Menu.Item to="/dashboard" primaryText={translate('app.menu.dashboard')} leftIcon={<DashboardIcon />} />
      <Menu.ResourceItems />
      <Menu.Item to="/billing-metrics" primaryText="Revenus des abonnements" leftIcon={<InsightsIcon />} />
      <Menu.Item to="/billing-company" primaryText="Société émettrice" leftIcon={<BusinessIcon />} />
      <Menu.Item
        to="/site-config"
        primaryText={translate('app.menu.site_config')}
        leftIcon={<SettingsIcon />}
      />
      <Menu.Item to="/mon-compte" primaryText="Mon compte" leftIcon={<AccountIcon />} />
    </Menu>
  );
}
