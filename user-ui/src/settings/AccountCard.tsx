import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import type { UserProfile, UserProfilePayload } from '../api/auth';
import { CredentialRow } from './account/CredentialRow';
import { EmailDialog } from './account/EmailDialog';
import { PasswordDialog } from './account/PasswordDialog';
import { PhoneDialog } from './account/PhoneDialog';
import { PreferencesForm } from './account/PreferencesForm';
import { SettingsCard } from './SettingsCard';

type Dialog = 'email' | 'phone' | 'password' | null;

/**
 * "Mon compte": the sign-in address, the phone and the password, each changed with its own proof (a link
 * mailed to the new address, a code sent by SMS to the new number, the current password), and the time
 * zone and language of the space and of the mails.
 */
export function AccountCard({
  profile,
  onSave,
  onAccountChange,
}: {
  profile: UserProfile;
  onSave: (payload: UserProfilePayload) => Promise<unknown>;
  /** The account as the API answers it after a change made here (the verified phone). */
  onAccountChange: (account: UserProfile) => void;
}) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const done = (message: string) => {
    setDialog(null);
    setNotice(message);
  };
  return (
    <SettingsCard
      id="compte"
      title="Mon compte"
      text="Vos identifiants de connexion, votre fuseau horaire et la langue de votre espace et de vos emails."
    >
      <Stack spacing={2}>
        <div aria-live="polite">{notice ? <Alert severity="success">{notice}</Alert> : null}</div>
        <CredentialRow label="Adresse email" value={profile.email} onChange={() => setDialog('email')} />
        <CredentialRow
          label="Téléphone"
          value={profile.telephone ?? 'Non renseigné'}
          status={
            profile.telephone ? (
              <Chip
                size="small"
                color={profile.phoneVerifiedAt ? 'success' : 'warning'}
                variant="outlined"
                label={profile.phoneVerifiedAt ? 'Vérifié' : 'Non vérifié'}
              />
            ) : null
          }
          onChange={() => setDialog('phone')}
        />
        <CredentialRow label="Mot de passe" value="••••••••••" onChange={() => setDialog('password')} />
        <Divider />
        <PreferencesForm profile={profile} onSave={onSave} />
      </Stack>
      <EmailDialog open={dialog === 'email'} onClose={() => setDialog(null)} onDone={done} />
      <PhoneDialog
        open={dialog === 'phone'}
        userId={profile._id}
        onClose={() => setDialog(null)}
        onDone={(account, message) => {
          onAccountChange(account);
          done(message);
        }}
      />
      <PasswordDialog open={dialog === 'password'} onClose={() => setDialog(null)} onDone={done} />
    </SettingsCard>
  );
}
