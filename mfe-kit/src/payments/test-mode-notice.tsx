import { Alert } from '@mantine/core';
import { IT_BILLING } from '@incontra/contracts/messages/it-billing';

/** Every page that takes a card in test mode says that nothing is charged. */
export function TestModeNotice() {
  return (
    <Alert color="yellow" role="note" fw={600}>
      {IT_BILLING.testMode.notice}
    </Alert>
  );
}
