import { ActionIcon, Popover, Stack, Switch } from '@mantine/core';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';
import { SettingsIcon } from '../common/icons';

interface SettingsMenuProps {
  shortcutsEnabled: boolean;
  onShortcutsChange(enabled: boolean): void;
}

/** The room's preferences; for now the keyboard shortcuts switch (remembered by the browser). */
export function SettingsMenu({ shortcutsEnabled, onShortcutsChange }: SettingsMenuProps) {
  return (
    <Popover position="bottom-end" withinPortal shadow="md" trapFocus>
      <Popover.Target>
        <ActionIcon variant="subtle" size="lg" aria-label={IT_ROOM.settings} aria-haspopup="dialog" data-testid="room-settings">
          <SettingsIcon />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm" maw={280}>
          <Switch
            checked={shortcutsEnabled}
            onChange={(event) => onShortcutsChange(event.currentTarget.checked)}
            label={IT_ROOM.keyboardShortcuts}
            data-testid="settings-shortcuts"
          />
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
