import { Menu } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';
import { BackgroundIcon } from '../common/icons';
import { RoundIconButton } from './round-icon-button';

export interface BackgroundChoice {
  id: string;
  label: string;
  url: string;
}

interface BackgroundMenuProps {
  images: readonly BackgroundChoice[];
  active: boolean;
  disabled: boolean;
  showLabel: boolean;
  small: boolean;
  onChoose(url: string | null): void;
}

const IMAGE_TYPES = 'image/png,image/jpeg,image/gif,image/webp';

/**
 * The virtual background: none, one of the bundled images, or an image of one's own. An uploaded
 * image never leaves the browser: it becomes an object URL, revoked when replaced or at unmount.
 */
export function BackgroundMenu({ images, active, disabled, showLabel, small, onChoose }: BackgroundMenuProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const ownImage = useRef<string | null>(null);

  useEffect(
    () => () => {
      if (ownImage.current) URL.revokeObjectURL(ownImage.current);
    },
    [],
  );

  const applyOwnImage = (file: File) => {
    if (!IMAGE_TYPES.split(',').includes(file.type)) return;
    const previous = ownImage.current;
    ownImage.current = URL.createObjectURL(file);
    onChoose(ownImage.current);
    if (previous) URL.revokeObjectURL(previous);
  };

  return (
    <>
      <Menu position="top" withinPortal>
        <RoundIconButton
          label={IT_ROOM.background}
          icon={<BackgroundIcon />}
          pressed={active}
          disabled={disabled}
          showLabel={showLabel}
          small={small}
          testId="control-background"
          wrapButton={(button) => <Menu.Target>{button}</Menu.Target>}
        />
        <Menu.Dropdown>
          <Menu.Item onClick={() => onChoose(null)} data-testid="background-none">
            {IT_ROOM.backgroundNone}
          </Menu.Item>
          {images.map((image) => (
            <Menu.Item
              key={image.id}
              onClick={() => onChoose(image.url)}
              data-testid="background-image"
              data-image-id={image.id}
              leftSection={<img src={image.url} alt="" width={32} height={18} style={{ objectFit: 'cover', borderRadius: 2 }} />}
            >
              {image.label}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item onClick={() => fileInput.current?.click()} data-testid="background-upload">
            {IT_ROOM.backgroundUpload}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <input
        ref={fileInput}
        type="file"
        accept={IMAGE_TYPES}
        hidden
        data-testid="background-file-input"
        aria-label={IT_ROOM.backgroundUpload}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) applyOwnImage(file);
        }}
      />
    </>
  );
}
