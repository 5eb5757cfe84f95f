import { Input, SegmentedControl } from '@mantine/core';
import { useId } from 'react';
import { IT_STORES } from '@incontra/contracts/messages/it-stores';

const TEXT = IT_STORES.stores;

/** The store's override of the company's phone check: null follows the company. */
export type PhoneChoice = 'company' | 'on' | 'off';

export function phoneChoiceOf(value: boolean | null): PhoneChoice {
  return value === null ? 'company' : value ? 'on' : 'off';
}

export function phoneSettingOf(choice: PhoneChoice): boolean | null {
  return choice === 'company' ? null : choice === 'on';
}

/** Three ways, as radio buttons: as the company says, required, not required. */
export function PhoneVerificationChoice({ value, onChange }: { value: PhoneChoice; onChange: (choice: PhoneChoice) => void }) {
  const labelId = useId();
  const helpId = useId();
  return (
    <Input.Wrapper
      labelElement="div"
      label={TEXT.phoneVerification}
      labelProps={{ id: labelId }}
      description={TEXT.phoneVerificationHelp}
      descriptionProps={{ id: helpId }}
    >
      <SegmentedControl
        fullWidth
        aria-labelledby={labelId}
        aria-describedby={helpId}
        value={value}
        onChange={(next) => onChange(next as PhoneChoice)}
        data={[
          { value: 'company', label: TEXT.phoneVerificationChoices.company },
          { value: 'on', label: TEXT.phoneVerificationChoices.on },
          { value: 'off', label: TEXT.phoneVerificationChoices.off },
        ]}
      />
    </Input.Wrapper>
  );
}

/** The setting as a table shows it. */
export function phoneChoiceLabel(value: boolean | null): string {
  return TEXT.phoneVerificationChoices[phoneChoiceOf(value)];
}
