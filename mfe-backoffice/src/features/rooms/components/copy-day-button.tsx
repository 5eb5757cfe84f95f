import { Button, Checkbox, Popover, Stack } from '@mantine/core';
import { useState } from 'react';
import { IT_ROOMS, WEEKDAY_NAMES } from '@incontra/contracts/messages/it-rooms';

const TEXT = IT_ROOMS.room;

/** «Copia su…»: a day's ranges onto the days ticked in a list (Monday is 0). */
export function CopyDayButton({ day, onCopy }: { day: number; onCopy: (to: number[]) => void }) {
  const [opened, setOpened] = useState(false);
  const [ticked, setTicked] = useState<string[]>([]);
  const name = WEEKDAY_NAMES[day] ?? '';

  const apply = () => {
    onCopy(ticked.map(Number));
    setOpened(false);
    setTicked([]);
  };

  return (
    <Popover opened={opened} onDismiss={() => setOpened(false)} trapFocus returnFocus position="bottom-start" withArrow shadow="md" hideDetached={false}>
      <Popover.Target>
        <Button variant="subtle" size="xs" onClick={() => setOpened((open) => !open)} aria-label={TEXT.copyLabel(name)} aria-expanded={opened}>
          {TEXT.copy}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Checkbox.Group label={TEXT.copyTitle(name)} value={ticked} onChange={setTicked}>
            <Stack gap={6} mt="xs">
              {WEEKDAY_NAMES.map((other, index) => (index === day ? null : <Checkbox key={other} value={String(index)} label={other} />))}
            </Stack>
          </Checkbox.Group>
          <Button size="xs" onClick={apply} disabled={ticked.length === 0}>
            {TEXT.copyApply}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
