import { useNavigate } from 'react-router-dom';
import { IT_BILLING_PAGES } from '@incontra/contracts/messages/it-billing-pages';
import { isOwnedBy } from '@incontra/contracts/routes';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { TestCardForm as KitTestCardForm } from '@incontra/mfe-kit/payments/test-card-form';
import { useAddTestCard } from '../hooks/use-add-test-card';

const T = IT_BILLING_PAGES.card;

export interface CardFormProps {
  /** The card is on file. */
  onSaved: () => void;
  onCancel: () => void;
}

/**
 * The company's card in the built-in test mode (the kit's form): a card confirmed becomes the
 * card on file, a card asking for authentication is sent to its confirmation page.
 */
export function TestCardForm({ onSaved, onCancel }: CardFormProps) {
  const addCard = useAddTestCard();
  const navigate = useNavigate();
  const { navigate: shellNavigate } = useMfeProps();
  return (
    <KitTestCardForm
      title={T.formTitle}
      submitLabel={T.save}
      autoFocus
      pending={addCard.isPending}
      error={addCard.error}
      onCancel={onCancel}
      onSubmit={(fields) =>
        addCard.mutate(fields, {
          onSuccess: (outcome) => {
            if (outcome.kind === 'saved') onSaved();
            else if (isOwnedBy('billing', outcome.path)) navigate(outcome.path);
            else shellNavigate(outcome.path);
          },
        })
      }
    />
  );
}
