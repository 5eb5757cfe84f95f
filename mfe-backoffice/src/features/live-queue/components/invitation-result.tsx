import { Anchor, Button, Code, Group, Stack, Text } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { invitationLinkOf, type Invitation } from '@incontra/contracts/api/join-requests';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';

const expiryFormat = new Intl.DateTimeFormat('it-IT', { dateStyle: 'short', timeStyle: 'short' });

export function formatExpiry(iso: string): string {
  return expiryFormat.format(new Date(iso));
}

/**
 * The invitation just created: the link to send (copyable, with the visitor's name when given),
 * the code to dictate, and until when it works.
 */
export function InvitationResult({ invitation }: { invitation: Invitation }) {
  const clipboard = useClipboard({ timeout: 2000 });
  const staff = IT_LOBBY.staff;
  const link = invitationLinkOf(invitation);
  return (
    <Stack gap="xs" role="status">
      <Text size="sm" fw={600}>
        {staff.invitationLink}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Anchor href={link} target="_blank" rel="noopener noreferrer" size="sm" style={{ wordBreak: 'break-all' }} data-testid="invitation-link">
          {link}
        </Anchor>
        <Button size="xs" variant={clipboard.copied ? 'light' : 'default'} onClick={() => clipboard.copy(link)}>
          {clipboard.copied ? staff.copied : staff.copy}
        </Button>
      </Group>
      <Text size="sm">
        {`${staff.invitationCode}: `}
        <Code fz="md" data-testid="invitation-code">
          {invitation.code}
        </Code>
      </Text>
      <Text size="sm" c="dimmed">
        {staff.invitationExpires(formatExpiry(invitation.expiresAt))}
      </Text>
    </Stack>
  );
}
