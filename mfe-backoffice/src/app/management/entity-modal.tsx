import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';

/** Below this width a form gets the whole screen: a centred box would leave its fields too narrow. */
export const FULL_SCREEN_BELOW = '40em';

/** A create or edit form's dialog: focus stays inside while open, Escape and the close button leave it. */
export function EntityModal({ opened, onClose, title, children }: { opened: boolean; onClose: () => void; title: string; children: ReactNode }) {
  const narrow = useMediaQuery(`(max-width: ${FULL_SCREEN_BELOW})`) ?? false;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      fullScreen={narrow}
      size="lg"
      trapFocus
      closeOnEscape
      returnFocus
      closeButtonProps={{ 'aria-label': IT_MANAGEMENT.form.close }}
    >
      {children}
    </Modal>
  );
}
