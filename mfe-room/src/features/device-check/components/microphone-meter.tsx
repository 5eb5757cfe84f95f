import { Progress, Stack, Text } from '@mantine/core';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';

export function MicrophoneMeter({ level }: { level: number }) {
  return (
    <Stack gap={6}>
      <Text fw={600}>{IT_ROOM.microphone}</Text>
      <Progress.Root size="xl" transitionDuration={0}>
        <Progress.Section value={level} aria-label={IT_ROOM.microphoneLevel} />
      </Progress.Root>
    </Stack>
  );
}
