import { Stack, Text } from '@mantine/core';
import type { PublicTopic } from '@incontra/contracts/api/stores';
import { IT } from '@incontra/contracts/messages/it';
import { IT_BOOKING_PAGES } from '@incontra/contracts/messages/it-booking-pages';
import { IT_PAID_BOOKING } from '@incontra/contracts/messages/it-paid-booking';
import { formatEuro } from '@incontra/contracts/money';
import { LoadingSkeleton } from '../../../app/loading-skeleton';
import { RetryAlert } from '../../../app/retry-alert';
import type { StoreConfigState } from '../../stores/api/get-store-config';
import { OptionButton } from './option-button';

export interface TopicStepProps {
  config: StoreConfigState;
  selected: string | null;
  onSelect(topic: PublicTopic): void;
}

/** The first step: what the appointment is about, among the store's topics. */
export function TopicStep({ config, selected, onSelect }: TopicStepProps) {
  if (config.isLoading) {
    return <LoadingSkeleton heights={[42, 42]} />;
  }
  if (config.isError || !config.store) {
    return <RetryAlert title={IT.errors.generic} onRetry={config.retry} />;
  }
  const { topics } = config.store;
  if (topics.length === 0) return <Text data-testid="no-topics">{IT_BOOKING_PAGES.topic.empty}</Text>;
  return (
    <Stack gap="xs">
      <Text>{IT_BOOKING_PAGES.topic.lead}</Text>
      {topics.map((topic) => (
        <OptionButton key={topic.id} selected={topic.id === selected} onClick={() => onSelect(topic)}>
          {topic.name}
          {topic.price !== null && (
            <Text component="span" size="sm" display="block">
              {IT_PAID_BOOKING.page.price(formatEuro(topic.price))}
            </Text>
          )}
        </OptionButton>
      ))}
    </Stack>
  );
}
