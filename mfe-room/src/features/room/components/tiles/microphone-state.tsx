import { Group } from '@mantine/core';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';
import { MicrophoneIcon, MicrophoneOffIcon, SpeakingIcon } from '../common/icons';

interface MicrophoneStateProps {
  muted: boolean;
  speaking: boolean;
  /** On a dark caption (tiles) or on the page's background (lists). */
  tone: 'on-dark' | 'on-light';
  size?: number;
}

const COLOURS = {
  'on-dark': { muted: '#ff8787', on: '#ffffff', speaking: '#8ce99a' },
  'on-light': { muted: 'var(--mantine-color-red-8)', on: 'var(--mantine-color-dark-6)', speaking: 'var(--mantine-color-green-9)' },
} as const;

/** The microphone's state in words for assistive technology, and while it is on, who is speaking. */
export function MicrophoneState({ muted, speaking, tone, size = 16 }: MicrophoneStateProps) {
  const colours = COLOURS[tone];
  if (muted) {
    return (
      <span role="img" aria-label={IT_ROOM.microphoneMuted} data-testid="tile-muted" style={{ display: 'inline-flex', color: colours.muted }}>
        <MicrophoneOffIcon size={size} />
      </span>
    );
  }
  return (
    <Group gap={2} wrap="nowrap" component="span" style={{ display: 'inline-flex' }}>
      <span role="img" aria-label={IT_ROOM.microphoneOn} data-testid="tile-microphone-on" style={{ display: 'inline-flex', color: colours.on }}>
        <MicrophoneIcon size={size} />
      </span>
      {speaking && (
        <span role="img" aria-label={IT_ROOM.speaking} data-testid="tile-speaking" style={{ display: 'inline-flex', color: colours.speaking }}>
          <SpeakingIcon size={size} />
        </span>
      )}
    </Group>
  );
}
