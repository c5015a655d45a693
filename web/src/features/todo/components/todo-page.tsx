import { Box, Button, Checkbox, Flex, Heading, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuCheck, LuPencil, LuPlus, LuTrash2, LuX } from 'react-icons/lu';

import { formatDateTime } from '@/lib/format';

import { useTasks } from '../hooks/use-tasks';
import { addTask, editTask, removeTask, toggleTask } from '../utils/tasks-storage';

/** /todolist: personal text tasks kept only in this browser (spec 2); add, edit, complete and delete. */
export function TodoPage() {
  const { t } = useTranslation();
  const [tasks, setTasks] = useTasks();
  const [text, setText] = useState('');
  const [editing, setEditing] = useState<{ index: number; text: string } | null>(null);

  function handleAdd(event: React.FormEvent) {
    event.preventDefault();
    if (!text.trim()) return;
    setTasks((current) => addTask(current, text));
    setText('');
  }

  function handleSaveEdit(event: React.FormEvent) {
    event.preventDefault();
    if (!editing || !editing.text.trim()) return;
    setTasks((current) => editTask(current, editing.index, editing.text));
    setEditing(null);
  }

  return (
    <Stack gap="4" maxW="3xl" data-testid="todo-page">
      <Heading as="h1" size="xl">
        {t('todo.title')}
      </Heading>
      <form onSubmit={handleAdd}>
        <HStack gap="2">
          <Input
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={t('todo.placeholder')}
            aria-label={t('todo.placeholder')}
            data-testid="todo-input"
          />
          <Button type="submit" colorPalette="brand" disabled={!text.trim()} data-testid="todo-add">
            <LuPlus /> {t('todo.add')}
          </Button>
        </HStack>
      </form>
      {tasks.length === 0 ? (
        <Text color="fg.muted" textAlign="center" py="6" data-testid="todo-empty">
          {t('todo.empty')}
        </Text>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none" data-testid="todo-list">
          {tasks.map((task, index) => (
            <Box
              as="li"
              key={`${task.createdAt}-${index}`}
              borderWidth="1px"
              borderRadius="md"
              px="3"
              py="2"
              bg="bg"
              data-testid="todo-item"
            >
              {editing?.index === index ? (
                <form onSubmit={handleSaveEdit}>
                  <HStack gap="2">
                    <Input
                      size="sm"
                      value={editing.text}
                      onChange={(event) => setEditing({ index, text: event.target.value })}
                      aria-label={t('todo.editLabel')}
                      autoFocus
                      data-testid="todo-edit-input"
                    />
                    <IconButton
                      type="submit"
                      size="sm"
                      aria-label={t('common.save')}
                      disabled={!editing.text.trim()}
                      data-testid="todo-edit-save"
                    >
                      <LuCheck />
                    </IconButton>
                    <IconButton size="sm" variant="ghost" aria-label={t('common.cancel')} onClick={() => setEditing(null)}>
                      <LuX />
                    </IconButton>
                  </HStack>
                </form>
              ) : (
                <Flex gap="3" align="center">
                  <Checkbox.Root
                    checked={!!task.completed}
                    onCheckedChange={() => setTasks((current) => toggleTask(current, index))}
                    data-testid="todo-complete"
                  >
                    <Checkbox.HiddenInput aria-label={t('todo.complete', { text: task.text })} />
                    <Checkbox.Control />
                  </Checkbox.Root>
                  <Box flex="1" minW="0">
                    <Text
                      textDecoration={task.completed ? 'line-through' : undefined}
                      color={task.completed ? 'fg.muted' : undefined}
                      wordBreak="break-word"
                      data-testid="todo-text"
                    >
                      {task.text}
                    </Text>
                    <Text fontSize="xs" color="fg.muted">
                      {formatDateTime(task.updatedAt)}
                    </Text>
                  </Box>
                  <IconButton
                    size="xs"
                    variant="ghost"
                    aria-label={t('common.edit')}
                    onClick={() => setEditing({ index, text: task.text })}
                    data-testid="todo-edit"
                  >
                    <LuPencil />
                  </IconButton>
                  <IconButton
                    size="xs"
                    variant="ghost"
                    colorPalette="red"
                    aria-label={t('common.delete')}
                    onClick={() => setTasks((current) => removeTask(current, index))}
                    data-testid="todo-delete"
                  >
                    <LuTrash2 />
                  </IconButton>
                </Flex>
              )}
            </Box>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
