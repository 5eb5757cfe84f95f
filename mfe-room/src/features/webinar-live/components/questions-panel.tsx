import { Badge, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { WEBINAR_LIVE, type WebinarQuestion } from '@incontra/contracts/realtime/webinar-live';
import { IT_WEBINAR_LIVE } from '@incontra/contracts/messages/it-webinar-live';
import type { LiveAction } from '../session/live-client';
import { orderedQuestions } from '../session/live-state';

const T = IT_WEBINAR_LIVE.questions;

interface QuestionsPanelProps {
  questions: readonly WebinarQuestion[];
  voted: readonly string[];
  presenter: boolean;
  act(action: LiveAction): boolean;
  /** Said when an action could not go (the socket is down). */
  onNotSent(): void;
}

function QuestionItem({
  question,
  voted,
  presenter,
  act,
  onNotSent,
}: { question: WebinarQuestion; voted: boolean } & Omit<QuestionsPanelProps, 'questions' | 'voted'>) {
  const send = (action: LiveAction) => {
    if (!act(action)) onNotSent();
  };
  return (
    <Paper component="li" withBorder p="sm" radius="md" data-testid="webinar-question">
      <Stack gap={6}>
        <Text style={{ overflowWrap: 'anywhere' }}>{question.text}</Text>
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            {T.by(question.author)} · {T.votes(question.votes)}
          </Text>
          {question.status === 'answered' && <Badge color="green">{T.answered}</Badge>}
          {question.status === 'hidden' && <Badge color="gray">{T.hidden}</Badge>}
        </Group>
        <Group gap="xs" wrap="wrap">
          {!presenter && question.status === 'open' && (
            <Button
              size="xs"
              variant={voted ? 'filled' : 'light'}
              aria-pressed={voted}
              aria-label={T.voteFor(question.text)}
              onClick={() => send({ type: 'vote', question: question.id, up: !voted })}
            >
              {T.vote}
            </Button>
          )}
          {presenter && question.status !== 'answered' && (
            <Button size="xs" variant="light" onClick={() => send({ type: 'question', question: question.id, status: 'answered' })}>
              {T.markAnswered}
            </Button>
          )}
          {presenter && question.status !== 'hidden' && (
            <Button size="xs" variant="default" onClick={() => send({ type: 'question', question: question.id, status: 'hidden' })}>
              {T.hide}
            </Button>
          )}
          {presenter && question.status !== 'open' && (
            <Button size="xs" variant="default" onClick={() => send({ type: 'question', question: question.id, status: 'open' })}>
              {T.reopen}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/** The audience's questions, the most voted first; viewers ask and vote, presenters answer and hide. */
export function QuestionsPanel({ questions, voted, presenter, act, onNotSent }: QuestionsPanelProps) {
  const [text, setText] = useState('');
  const ordered = orderedQuestions(questions);
  const ask = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) return;
    if (act({ type: 'ask', text: trimmed })) setText('');
    else onNotSent();
  };
  return (
    <Stack gap="sm">
      {!presenter && (
        <form onSubmit={ask}>
          <Stack gap="xs">
            <Textarea
              label={T.ask}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              maxLength={WEBINAR_LIVE.questionMax}
              autosize
              minRows={2}
              maxRows={5}
            />
            <Button type="submit" disabled={!text.trim()} style={{ alignSelf: 'flex-start' }}>
              {T.send}
            </Button>
          </Stack>
        </form>
      )}
      {ordered.length === 0 ? (
        <Text c="dimmed" size="sm">
          {T.empty}
        </Text>
      ) : (
        <Stack component="ol" gap="xs" aria-label={T.list} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {ordered.map((question) => (
            <QuestionItem key={question.id} question={question} voted={voted.includes(question.id)} presenter={presenter} act={act} onNotSent={onNotSent} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
