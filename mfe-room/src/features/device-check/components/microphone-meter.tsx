import { Progress, Stack, Text } from '@mantine/core';
import { IT } from '@incontra/contracts/messages/it';

export function MicrophoneMeter({ level }: { level: number }) {
  return (
    <Stack gap={6}>
      <Text fw={600}>
        {IT.room.microphone}
      </Text>
      <Progress.Root size="xl" transitionDuration={0}>
        <Progress.Section value={level} aria-label={IT.room.microphoneLevel} />
      </Progress.Root>
    </Stack>
  );
}
