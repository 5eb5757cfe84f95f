import { Chip, Group, Stack, Text } from '@mantine/core';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';

export interface EffectImage {
  id: string;
  label: string;
  url: string;
}

interface EffectPickerProps {
  /** 'none', 'blur' or an image id. */
  value: string;
  images: readonly EffectImage[];
  supported: boolean;
  disabled: boolean;
  onChange(value: string): void;
}

/** No effect, blur, or one of the bundled backgrounds, applied to the preview straight away. */
export function EffectPicker({ value, images, supported, disabled, onChange }: EffectPickerProps) {
  return (
    <Stack gap={6}>
      <Text fw={600} id="prejoin-effect-label">
        {IT_ROOM.background}
      </Text>
      {supported ? (
        <Chip.Group multiple={false} value={value} onChange={onChange}>
          <Group gap="xs" role="radiogroup" aria-labelledby="prejoin-effect-label" data-testid="prejoin-effects">
            <Chip value="none" disabled={disabled}>
              {IT_ROOM.backgroundNone}
            </Chip>
            <Chip value="blur" disabled={disabled}>
              {IT_ROOM.blur}
            </Chip>
            {images.map((image) => (
              <Chip key={image.id} value={image.id} disabled={disabled}>
                {image.label}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      ) : (
        <Text size="sm" c="dimmed" data-testid="prejoin-effects-unsupported">
          {IT_ROOM.effectsUnsupported}
        </Text>
      )}
    </Stack>
  );
}
