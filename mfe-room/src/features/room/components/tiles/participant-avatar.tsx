import { Box } from '@mantine/core';
import { initialsOf } from '../../utils/display-name';

interface ParticipantAvatarProps {
  name: string;
  speaking: boolean;
  /** A CSS length: a fixed size in lists, a share of the tile (container units) on a tile. */
  size: string;
}

/**
 * Who is there without a picture: the initials on a dark disc, ringed while the person speaks.
 * Decorative for assistive technology: the name is said beside it.
 */
export function ParticipantAvatar({ name, speaking, size }: ParticipantAvatarProps) {
  return (
    <Box
      aria-hidden="true"
      data-testid="participant-avatar"
      data-speaking={String(speaking)}
      style={{
        width: size,
        height: size,
        flex: '0 0 auto',
        borderRadius: '50%',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: 'var(--mantine-color-dark-5)',
        color: 'var(--mantine-color-white)',
        fontWeight: 700,
        fontSize: `calc(${size} * 0.4)`,
        lineHeight: 1,
        boxShadow: speaking ? '0 0 0 3px var(--mantine-color-green-5)' : 'none',
      }}
    >
      {initialsOf(name)}
    </Box>
  );
}
