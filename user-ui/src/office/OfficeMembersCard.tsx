import { useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { officesApi, type MyOffice, type Office, type OfficeMember } from '../api/offices';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { sector } from '../sector';
import { SettingsCard } from '../settings/SettingsCard';

const OFFICE = sector.words.office;
const fullName = (person: { first_name: string; last_name: string }) =>
  `${person.first_name} ${person.last_name}`;
const dateFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long' });

/** What the caller is asked to confirm before it is done. */
type PendingAction =
  | { kind: 'leave' }
  | { kind: 'remove'; member: OfficeMember }
  | { kind: 'hand-over'; member: OfficeMember }
  | { kind: 'refuse'; requester: Office['join_requests'][number] };

/**
 * The office's members and the requests to join it. Its manager accepts or refuses requests,
 * hands the office over and removes members; any member can leave (the manager once someone
 * else manages it, or when alone).
 */
export function OfficeMembersCard({
  userId,
  office,
  onChange,
}: {
  userId: string;
  office: Office;
  onChange: (next: MyOffice) => void;
}) {
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [accepting, setAccepting] = useState<string | null>(null);
  const [acceptError, setAcceptError] = useState<string | null>(null);

  const accept = async (requesterId: string) => {
    setAccepting(requesterId);
    setAcceptError(null);
    try {
      onChange(await officesApi.acceptJoinRequest(userId, requesterId));
    } catch (error) {
      setAcceptError(error instanceof Error ? error.message : String(error));
    } finally {
      setAccepting(null);
    }
  };

  return (
    <SettingsCard
      id="membres"
      title="Membres"
      text={
        office.can_manage
          ? `Les confrères qui exercent dans votre ${OFFICE} paraissent sur sa page publique.`
          : `Les confrères qui exercent dans votre ${OFFICE}.`
      }
    >
      {office.can_manage && office.join_requests.length > 0 ? (
        <>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
            Demandes à rejoindre le {OFFICE}
          </Typography>
          {acceptError ? (
            <Typography role="alert" color="error">
              {acceptError}
            </Typography>
          ) : null}
          <List aria-label={`Demandes à rejoindre le ${OFFICE}`}>
            {office.join_requests.map((requester) => (
              <ListItem key={requester.id} disableGutters sx={{ flexWrap: 'wrap', gap: 1 }}>
                <ListItemText
                  primary={fullName(requester)}
                  secondary={`${requester.email} · demande du ${dateFormat.format(new Date(requester.requested_at))}`}
                />
                <Stack direction="row" spacing={1}>
                  <Button
                    variant="contained"
                    size="small"
                    loading={accepting === requester.id}
                    onClick={() => void accept(requester.id)}
                    aria-label={`Accepter ${fullName(requester)}`}
                  >
                    Accepter
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    onClick={() => setPending({ kind: 'refuse', requester })}
                    aria-label={`Refuser ${fullName(requester)}`}
                  >
                    Refuser
                  </Button>
                </Stack>
              </ListItem>
            ))}
          </List>
          <Divider sx={{ my: 2 }} />
        </>
      ) : null}
      <List aria-label={`Membres du ${OFFICE}`}>
        {office.members.map((member) => {
          const isMe = member.id === userId;
          return (
            <ListItem key={member.id} disableGutters sx={{ flexWrap: 'wrap', gap: 1 }}>
              <ListItemAvatar>
                <Avatar src={member.picture ?? undefined} alt="">
                  {member.first_name.charAt(0)}
                  {member.last_name.charAt(0)}
                </Avatar>
              </ListItemAvatar>
              <ListItemText
                primary={
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                    <span>
                      {fullName(member)}
                      {isMe ? ' (vous)' : ''}
                    </span>
                    {member.is_manager ? <Chip size="small" color="primary" label="Gestionnaire" /> : null}
                    {member.listed ? null : (
                      <Chip size="small" variant="outlined" label="Inscription en cours" />
                    )}
                  </Stack>
                }
              />
              <Stack direction="row" spacing={1}>
                {office.can_manage && !isMe ? (
                  <>
                    <Button
                      size="small"
                      onClick={() => setPending({ kind: 'hand-over', member })}
                      aria-label={`Confier la gestion à ${fullName(member)}`}
                    >
                      Confier la gestion
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      onClick={() => setPending({ kind: 'remove', member })}
                      aria-label={`Retirer ${fullName(member)}`}
                    >
                      Retirer
                    </Button>
                  </>
                ) : null}
                {isMe ? (
                  <Button size="small" color="error" onClick={() => setPending({ kind: 'leave' })}>
                    Quitter le {OFFICE}
                  </Button>
                ) : null}
              </Stack>
            </ListItem>
          );
        })}
      </List>
      {pending ? (
        <ConfirmDialog
          open
          onClose={() => setPending(null)}
          {...confirmation(pending, office)}
          onConfirm={async () => {
            onChange(await run(pending, userId));
            setPending(null);
          }}
        />
      ) : null}
    </SettingsCard>
  );
}

function run(action: PendingAction, userId: string): Promise<MyOffice> {
  switch (action.kind) {
    case 'leave':
      return officesApi.removeMember(userId, userId);
    case 'remove':
      return officesApi.removeMember(userId, action.member.id);
    case 'hand-over':
      return officesApi.handOver(userId, action.member.id);
    case 'refuse':
      return officesApi.refuseJoinRequest(userId, action.requester.id);
  }
}

function confirmation(action: PendingAction, office: Office) {
  switch (action.kind) {
    case 'leave':
      return {
        title: `Quitter le ${OFFICE}`,
        text: `Vous ne paraîtrez plus sur la page de ${office.name}. Vos rendez-vous et vos dossiers restent les vôtres.`,
        confirmLabel: 'Quitter',
        destructive: true,
      };
    case 'remove':
      return {
        title: `Retirer ${fullName(action.member)}`,
        text: `${fullName(action.member)} ne paraîtra plus sur la page de ${office.name}.`,
        confirmLabel: 'Retirer',
        destructive: true,
      };
    case 'hand-over':
      return {
        title: 'Confier la gestion',
        text: `${fullName(action.member)} gérera le ${OFFICE} : sa présentation, ses membres et sa messagerie d’équipe. Vous resterez membre.`,
        confirmLabel: 'Confier la gestion',
      };
    case 'refuse':
      return {
        title: 'Refuser la demande',
        text: `${fullName(action.requester)} sera prévenu(e) par email que sa demande est refusée.`,
        confirmLabel: 'Refuser',
        destructive: true,
      };
  }
}
