import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { renderWithProviders } from '@/testing/test-utils';

import { parseTasks } from '../utils/tasks-storage';
import { TodoPage } from './todo-page';

const stored = () =>
  JSON.parse(localStorage.getItem('tasks') ?? '[]') as { text: string; createdAt: string; updatedAt: string; completed?: boolean }[];

describe('the to-do list', () => {
  afterEach(() => localStorage.clear());

  it('adds, edits, completes and deletes tasks, kept under tasks with text, createdAt and updatedAt', async () => {
    renderWithProviders(<TodoPage />);
    expect(screen.getByTestId('todo-empty')).toBeTruthy();
    fireEvent.change(screen.getByTestId('todo-input'), { target: { value: '   ' } });
    expect((screen.getByTestId('todo-add') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('todo-input'), { target: { value: 'Ligar para a Joana' } });
    fireEvent.click(screen.getByTestId('todo-add'));
    fireEvent.change(screen.getByTestId('todo-input'), { target: { value: 'Enviar proposta' } });
    fireEvent.click(screen.getByTestId('todo-add'));
    expect(screen.getAllByTestId('todo-text').map((item) => item.textContent)).toEqual(['Ligar para a Joana', 'Enviar proposta']);
    expect(stored()[0]).toEqual({ text: 'Ligar para a Joana', createdAt: expect.any(String), updatedAt: expect.any(String) });

    fireEvent.click(screen.getAllByTestId('todo-edit')[1]!);
    fireEvent.change(screen.getByTestId('todo-edit-input'), { target: { value: 'Enviar proposta revisada' } });
    fireEvent.click(screen.getByTestId('todo-edit-save'));
    expect(stored()[1]!.text).toBe('Enviar proposta revisada');

    fireEvent.click(within(screen.getAllByTestId('todo-item')[0]!).getByRole('checkbox'));
    await waitFor(() => expect(stored()[0]!.completed).toBe(true));

    fireEvent.click(screen.getAllByTestId('todo-delete')[0]!);
    expect(stored().map((task) => task.text)).toEqual(['Enviar proposta revisada']);
  });

  it('reads what an earlier visit stored, and anything unreadable as an empty list', () => {
    localStorage.setItem(
      'tasks',
      JSON.stringify([{ text: 'Antiga', createdAt: '2026-11-20T10:00:00.000Z', updatedAt: '2026-11-20T10:00:00.000Z' }]),
    );
    renderWithProviders(<TodoPage />);
    expect(screen.getByTestId('todo-text').textContent).toBe('Antiga');
    expect(parseTasks('{not json')).toEqual([]);
    expect(parseTasks('[{"text": 1}, {"text": "ok", "createdAt": "a", "updatedAt": "b"}]')).toEqual([
      { text: 'ok', createdAt: 'a', updatedAt: 'b' },
    ]);
  });
});
