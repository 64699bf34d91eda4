import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import EventAvailable from '@mui/icons-material/EventAvailable';
import { PageTitle } from '../components/PageTitle';
import { sector } from '../sector';

const BENEFITS = [
  'Moins de secrétariat téléphonique',
  "Jusqu'à 10 nouveaux clients par mois",
  '30 % de temps en moins à organiser vos rendez-vous',
  'Un profil personnalisé et visible',
];

export function BrandMark({ inverted = false }: { inverted?: boolean }) {
  return (
    <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center' }}>
      <Box
        aria-hidden
        sx={{
          width: 36,
          height: 36,
          borderRadius: 2,
          display: 'grid',
          placeItems: 'center',
          bgcolor: inverted ? 'rgba(255,255,255,0.16)' : 'primary.main',
          color: '#fff',
        }}
      >
        <EventAvailable fontSize="small" />
      </Box>
      <Typography
        component="span"
        sx={{ fontWeight: 700, fontSize: 18, color: inverted ? '#fff' : 'text.primary' }}
      >
        {sector.productName}
      </Typography>
    </Stack>
  );
}

interface AuthLayoutProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}

/** Public pages of the professional's space: brand panel on the left, the form card on the right. */
export function AuthLayout({ title, subtitle, children }: AuthLayoutProps) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', gridTemplateColumns: { xs: '1fr', md: '5fr 7fr' } }}>
      <PageTitle title={title} />
      <Box
        component="aside"
        sx={{
          display: { xs: 'none', md: 'flex' },
          flexDirection: 'column',
          justifyContent: 'space-between',
          p: 6,
          color: '#fff',
          background: `linear-gradient(160deg, ${sector.primaryColor} 0%, ${sector.primaryColorDark} 100%)`,
          position: 'relative',
          overflow: 'hidden',
        }}
      >
        <Box
          aria-hidden
          sx={{
            position: 'absolute',
            right: -180,
            bottom: -220,
            width: 420,
            height: 420,
            borderRadius: '50%',
            border: '64px solid rgba(255,255,255,0.06)',
          }}
        />
        <Link href="/" underline="none" color="inherit" aria-label={`${sector.productName}, accueil du site`}>
          <BrandMark inverted />
        </Link>
        <Box sx={{ maxWidth: 440, position: 'relative' }}>
          <Typography variant="overline" sx={{ opacity: 0.8, letterSpacing: '0.12em' }}>
            Espace professionnel
          </Typography>
          <Typography variant="h4" component="p" sx={{ mt: 1, mb: 3, lineHeight: 1.25 }}>
            Votre agenda et vos rendez-vous en ligne, au même endroit.
          </Typography>
          <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {BENEFITS.map((benefit) => (
              <Stack component="li" key={benefit} direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                <CheckCircleOutline fontSize="small" sx={{ opacity: 0.9 }} />
                <Typography>{benefit}</Typography>
              </Stack>
            ))}
          </Stack>
        </Box>
        {/* docs/product.md §1: the offer is the one shown to lawyers. */}
        <Typography variant="body2" sx={{ opacity: 0.75 }}>
          {sector.key === 'lawyer'
            ? '139 € HT / mois · 6 mois d’essai à 69 € / mois, sans engagement'
            : '\u00a0'}
        </Typography>
      </Box>
      <Box
        component="main"
        sx={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          p: { xs: 2, sm: 4 },
        }}
      >
        <Box sx={{ display: { xs: 'block', md: 'none' }, mb: 3 }}>
          <Link href="/" underline="none" aria-label={`${sector.productName}, accueil du site`}>
            <BrandMark />
          </Link>
        </Box>
        <Paper
          variant="outlined"
          sx={{
            width: '100%',
            maxWidth: 440,
            p: { xs: 3, sm: 5 },
            borderColor: 'rgba(0,0,0,0.08)',
            boxShadow: '0 12px 40px rgba(31,29,27,0.06)',
          }}
        >
          <Typography variant="h5" component="h1" id="auth-title" gutterBottom>
            {title}
          </Typography>
          {subtitle ? (
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              {subtitle}
            </Typography>
          ) : null}
          {children}
        </Paper>
      </Box>
    </Box>
  );
}
