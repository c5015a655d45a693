import { z } from 'zod';

import { STORAGE_KEYS } from '@/config/storage-keys';

/** A to-do entry as the spec keeps it under `tasks` (text, createdAt, updatedAt), plus whether it is done. */
export const taskSchema = z.object({
  text: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  completed: z.boolean().optional(),
});
export type Task = z.infer<typeof taskSchema>;

/** The stored list; entries that are not tasks are dropped, and anything unreadable reads as an empty list. */
export function parseTasks(raw: string | null): Task[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value.flatMap((entry) => {
      const task = taskSchema.safeParse(entry);
      return task.success ? [task.data] : [];
    });
  } catch {
    return [];
  }
}

export function readTasks(): Task[] {
  try {
    return parseTasks(localStorage.getItem(STORAGE_KEYS.tasks));
  } catch {
    return [];
  }
}

export function writeTasks(tasks: readonly Task[]): void {
  try {
    localStorage.setItem(STORAGE_KEYS.tasks, JSON.stringify(tasks));
  } catch {
    // Storage unavailable or full: the list lasts for this page only.
  }
}

const now = () => new Date().toISOString();

export const addTask = (tasks: readonly Task[], text: string): Task[] => {
  const at = now();
  return [...tasks, { text: text.trim(), createdAt: at, updatedAt: at }];
};

export const editTask = (tasks: readonly Task[], index: number, text: string): Task[] =>
  tasks.map((task, i) => (i === index ? { ...task, text: text.trim(), updatedAt: now() } : task));

export const toggleTask = (tasks: readonly Task[], index: number): Task[] =>
  tasks.map((task, i) => (i === index ? { ...task, completed: !task.completed, updatedAt: now() } : task));

export const removeTask = (tasks: readonly Task[], index: number): Task[] => tasks.filter((_, i) => i !== index);
