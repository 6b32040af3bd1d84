import { Alert, Button, Group, Paper, Radio, ScrollArea, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ChatThread, chatMessageSchema, SUPPORT_MESSAGES, TOAST_ERROR_MS } from '@portico/shared';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../core/api';
import { zodFormErrors } from '../../core/forms';
import { useChat, useChatActions } from './api';

const failed = (error: unknown) =>
  notifications.show({
    color: 'red',
    title: 'Error',
    message: `${SUPPORT_MESSAGES.chatFailed} ${error instanceof ApiError ? error.message : ''}`.trim(),
    autoClose: TOAST_ERROR_MS,
  });

function Messages({ thread }: { thread: ChatThread }) {
  if (thread.messages.length === 0) return <Text size="sm">{SUPPORT_MESSAGES.chatIntro}</Text>;
  return (
    <Stack gap={6} role="log" aria-label="Chat messages">
      {thread.messages.map((m) => (
        <Paper
          key={m.id}
          withBorder
          p={6}
          bg={m.isStaff ? 'var(--mantine-color-blue-light)' : undefined}
          ml={m.isMine ? 'xl' : 0}
          mr={m.isMine ? 0 : 'xl'}
        >
          <Text size="xs" fw={700}>
            {m.isStaff ? `${m.authorName} (Support)` : m.authorName} · {dayjs(m.createdOn).format('hh:mm A')}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {m.body}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}

function Survey({ id }: { id: number }) {
  const { survey } = useChatActions(id);
  const [rating, setRating] = useState<string | null>(null);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <Radio.Group label={SUPPORT_MESSAGES.surveyTitle} value={rating} onChange={setRating} error={error}>
          <Group gap="sm" mt={4}>
            {[1, 2, 3, 4, 5].map((n) => (
              <Radio key={n} value={String(n)} label={String(n)} aria-label={`${n} of 5`} />
            ))}
          </Group>
        </Radio.Group>
        <Textarea
          label="Comment (optional)"
          value={comment}
          onChange={(e) => setComment(e.currentTarget.value)}
          maxLength={500}
          autosize
          minRows={2}
        />
        <Button
          size="xs"
          loading={survey.isPending}
          onClick={() => {
            if (!rating) return setError(SUPPORT_MESSAGES.surveyRatingRequired);
            setError(null);
            survey.mutate({ rating: Number(rating), comment }, { onError: failed });
          }}
        >
          Send feedback
        </Button>
      </Stack>
    </Paper>
  );
}

/** A chat's conversation with a box to write in: the member's own chat in the widget, or staff answering on a case. */
export function ChatThreadView({
  id,
  canWrite,
  asMember = false,
  height = 260,
}: {
  id: number;
  canWrite: boolean;
  /** The chat's own member: the survey is theirs to answer. */
  asMember?: boolean;
  height?: number;
}) {
  const chat = useChat(id);
  const { send } = useChatActions(id);
  const viewport = useRef<HTMLDivElement>(null);
  const count = chat.data?.messages.length ?? 0;
  // The newest message in view whenever one arrives.
  useEffect(() => {
    if (count > 0) viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
  }, [count]);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (chat.isLoading) return <Text size="sm">Loading the chat…</Text>;
  if (chat.error || !chat.data)
    return (
      <Alert color="red" title={SUPPORT_MESSAGES.chatFailed}>
        {chat.error?.message}
      </Alert>
    );
  const thread = chat.data;
  const ended = thread.status === 'Resolved' || thread.status === 'Closed';
  const submit = () => {
    const errors = zodFormErrors(chatMessageSchema, { body: text });
    if (errors.body) return setError(errors.body);
    setError(null);
    send.mutate(text, { onSuccess: () => setText(''), onError: failed });
  };
  return (
    <Stack gap="xs">
      <ScrollArea.Autosize
        viewportRef={viewport}
        mah={height}
        type="auto"
        viewportProps={{ tabIndex: 0, 'aria-label': 'Chat conversation' }}
      >
        <Messages thread={thread} />
      </ScrollArea.Autosize>
      {thread.isSurveyDue && asMember && <Survey id={id} />}
      {thread.isSurveyAnswered && <Text size="sm">{SUPPORT_MESSAGES.surveyThanks}</Text>}
      {canWrite && !ended && (
        <Stack gap={4}>
          <Textarea
            label="Your message"
            value={text}
            error={error}
            autosize
            minRows={2}
            maxRows={5}
            onChange={(e) => setText(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey) {
                e.preventDefault();
                submit();
              }
            }}
          />
          <Button size="xs" onClick={submit} loading={send.isPending}>
            Send
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
