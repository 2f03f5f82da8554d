/**
 * /isps/userAnnouncement, the user's messages as a page (spec §2.1, target of the bell): filters by title and
 * read state, 全部已读, and the same list as 我的消息 (unfolding a message opens and reads it). A kept-alive tab:
 * no timers or sockets of its own; the shell's realtime messages refresh its list through the query cache.
 */
import { useState } from 'react';
import { Button, Card, Flex, Input, Select } from 'antd';
import { CheckOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { MESSAGE_TEXT } from '@houtai/shared/messaging';
import { useFeedback } from '../../../lib/feedback.ts';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { useReadAllMessages } from '../api/read-all.ts';
import { NO_FILTERS, useMyMessages, type MessageFilters } from '../use-my-messages.ts';
import { MessageList } from './message-list.tsx';

type ReadChoice = 'all' | '0' | '1';

const READ_OPTIONS: { value: ReadChoice; label: string }[] = [
  { value: 'all', label: MESSAGE_TEXT.all },
  { value: '0', label: MESSAGE_TEXT.unread },
  { value: '1', label: MESSAGE_TEXT.read },
];

export function UserAnnouncementPage() {
  const messages = useMyMessages();
  const { message } = useFeedback();
  const [titile, setTitile] = useState('');
  const [readChoice, setReadChoice] = useState<ReadChoice>('all');
  // Remounts the list after 全部已读, so that its local read marks start again from the server's answer.
  const [generation, setGeneration] = useState(0);

  const filtersOf = (t: string, r: ReadChoice): MessageFilters => ({
    titile: t,
    ...(r === 'all' ? {} : { readFlag: r }),
  });
  const search = () => messages.search(filtersOf(titile, readChoice));
  const reset = () => {
    setTitile('');
    setReadChoice('all');
    messages.search(NO_FILTERS);
  };

  // The mutation reloads the bell and the list.
  const readAll = useFormSubmit({
    mutation: useReadAllMessages(),
    onSuccess: (text) => {
      void message.success(text || MESSAGE_TEXT.readAll);
      setGeneration((n) => n + 1);
    },
  });

  return (
    <Card data-testid="user-announcement-page">
      <Flex wrap gap={8} style={{ marginBottom: 16 }} align="center">
        <Input
          aria-label={MESSAGE_TEXT.title}
          placeholder={MESSAGE_TEXT.titlePlaceholder}
          value={titile}
          allowClear
          onChange={(e) => setTitile(e.target.value)}
          onPressEnter={search}
          style={{ width: 220 }}
        />
        <Select<ReadChoice>
          aria-label={MESSAGE_TEXT.readState}
          value={readChoice}
          options={READ_OPTIONS}
          onChange={setReadChoice}
          style={{ width: 120 }}
          data-testid="read-state-select"
        />
        <Button type="primary" icon={<SearchOutlined />} onClick={search}>
          {MESSAGE_TEXT.search}
        </Button>
        <Button icon={<ReloadOutlined />} onClick={reset}>
          {MESSAGE_TEXT.reset}
        </Button>
        <Button
          icon={<CheckOutlined />}
          onClick={() => void readAll.submit()}
          loading={readAll.submitting}
          data-testid="read-all"
          style={{ marginInlineStart: 'auto' }}
        >
          {MESSAGE_TEXT.readAll}
        </Button>
      </Flex>
      <MessageList
        key={generation}
        records={messages.records}
        loading={messages.loading}
        error={messages.error}
        onRetry={messages.retry}
        pagination={messages.pagination}
      />
    </Card>
  );
}
