import { ActionIcon, Indicator, Tooltip } from '@mantine/core';
import type { ReactElement, ReactNode, Ref } from 'react';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';

interface RoundIconButtonProps {
  label: string;
  icon: ReactNode;
  /** Absent when a wrapper (a menu target) handles the click. */
  onClick?(): void;
  /** Set for toggles: announced as pressed / not pressed. */
  pressed?: boolean;
  /** Filled without being a toggle (the quit button). */
  emphasis?: boolean;
  /** The spec's optional count badge (hidden at zero). */
  count?: number;
  /** Shown beside the icon when there is room for it (not on phones). */
  showLabel?: boolean;
  /** Phones: 36 px, so that the eight controls fit one row at 320 px. */
  small?: boolean;
  disabled?: boolean;
  color?: string;
  testId: string;
  badgeTestId?: string;
  /** A menu or dialog the button opens. */
  hasPopup?: 'menu' | 'dialog';
  /** Wraps the button itself, e.g. in a Menu.Target that toggles a menu and sets its ARIA. */
  wrapButton?(button: ReactElement): ReactNode;
  buttonRef?: Ref<HTMLButtonElement>;
}

/** The spec's round icon button with an optional count badge; labelled for assistive technology. */
export function RoundIconButton(props: RoundIconButtonProps) {
  const {
    label,
    icon,
    onClick,
    pressed,
    emphasis = false,
    count = 0,
    showLabel = false,
    small = false,
    disabled,
    color,
    testId,
    badgeTestId,
    hasPopup,
    wrapButton,
    buttonRef,
  } = props;
  const active = (pressed ?? false) || emphasis;
  const button = (
    <ActionIcon
      ref={buttonRef}
      onClick={onClick}
      disabled={disabled}
      size={small ? 36 : 40}
      radius="xl"
      variant={active ? 'filled' : 'default'}
      color={color}
      aria-label={count > 0 ? `${label}, ${IT_ROOM.unreadMessages(count)}` : label}
      aria-pressed={pressed}
      aria-haspopup={hasPopup}
      data-testid={testId}
    >
      {icon}
    </ActionIcon>
  );
  return (
    <Tooltip label={label} disabled={showLabel} withinPortal>
      <span style={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}>
        <Indicator
          disabled={count === 0}
          label={
            <span data-testid={badgeTestId} aria-hidden="true">
              {count > 99 ? '99+' : count}
            </span>
          }
          size={18}
          color="red"
          offset={4}
        >
          {wrapButton ? wrapButton(button) : button}
        </Indicator>
        {showLabel && (
          <span aria-hidden="true" style={{ fontSize: 11, lineHeight: 1, whiteSpace: 'nowrap' }}>
            {label}
          </span>
        )}
      </span>
    </Tooltip>
  );
}
