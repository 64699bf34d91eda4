import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { sector } from './sector';

const fontFamily =
  '"Inter Variable", system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/** react-admin's default theme in the sector's colour, with the same type as the professional space. */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    mode: 'light',
    primary: { main: sector.primaryColor, dark: sector.primaryColorDark, contrastText: '#ffffff' },
    secondary: { main: sector.primaryColorDark, contrastText: '#ffffff' },
    background: { default: '#f5f4f2', paper: '#ffffff' },
  },
  shape: { borderRadius: 10 },
  typography: {
    ...defaultTheme.typography,
    fontFamily,
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    ...defaultTheme.components,
    MuiAppBar: {
      styleOverrides: {
        colorSecondary: {
          backgroundColor: '#ffffff',
          color: '#1f1d1b',
          borderBottom: '1px solid rgba(0,0,0,0.08)',
        },
      },
      defaultProps: { elevation: 0 },
    },
    MuiButton: { defaultProps: { disableElevation: true } },
  },
};
