import { createTheme } from '@mui/material/styles';
import { frFR } from '@mui/material/locale';
import { sector } from './sector';

export const theme = createTheme(
  {
    palette: {
      primary: { main: sector.primaryColor, dark: sector.primaryColorDark, contrastText: '#ffffff' },
      background: { default: '#f5f4f2', paper: '#ffffff' },
      text: { primary: '#1f1d1b', secondary: '#5c5853' },
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily:
        '"Inter Variable", system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      h1: { fontWeight: 700 },
      h2: { fontWeight: 700 },
      h3: { fontWeight: 700 },
      h4: { fontWeight: 700, letterSpacing: '-0.01em' },
      h5: { fontWeight: 650 },
      h6: { fontWeight: 650 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiTextField: { defaultProps: { fullWidth: true } },
      MuiPaper: { styleOverrides: { rounded: { borderRadius: 14 } } },
    },
  },
  frFR,
);
