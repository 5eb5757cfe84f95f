import { Group, Radio } from '@mantine/core';
import { IT_STORES } from '@incontra/contracts/messages/it-stores';

const TEXT = IT_STORES.stores;

/** The store's override of the company's phone check: null follows the company. */
export type PhoneChoice = 'company' | 'on' | 'off';

const CHOICES: readonly PhoneChoice[] = ['company', 'on', 'off'];

export function phoneChoiceOf(value: boolean | null): PhoneChoice {
  return value === null ? 'company' : value ? 'on' : 'off';
}

export function phoneSettingOf(choice: PhoneChoice): boolean | null {
  return choice === 'company' ? null : choice === 'on';
}

/** Three ways, as radio buttons that wrap on a narrow screen: as the company says, required, not required. */
export function PhoneVerificationChoice({ value, onChange }: { value: PhoneChoice; onChange: (choice: PhoneChoice) => void }) {
  return (
    <Radio.Group label={TEXT.phoneVerification} description={TEXT.phoneVerificationHelp} value={value} onChange={(next) => onChange(next as PhoneChoice)}>
      <Group gap="md" mt="xs" wrap="wrap">
        {CHOICES.map((choice) => (
          <Radio key={choice} value={choice} label={TEXT.phoneVerificationChoices[choice]} />
        ))}
      </Group>
    </Radio.Group>
  );
}

/** The setting as a table shows it. */
export function phoneChoiceLabel(value: boolean | null): string {
  return TEXT.phoneVerificationChoices[phoneChoiceOf(value)];
}
