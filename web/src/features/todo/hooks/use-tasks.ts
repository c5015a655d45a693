import { useCallback, useSyncExternalStore } from 'react';

import { STORAGE_KEYS } from '@/config/storage-keys';

import { readTasks, type Task, writeTasks } from '../utils/tasks-storage';

const listeners = new Set<() => void>();
let cache: { raw: string | null; tasks: Task[] } | null = null;

function snapshot(): Task[] {
  let raw: string | null;
  try {
    raw = localStorage.getItem(STORAGE_KEYS.tasks);
  } catch {
    raw = null;
  }
  if (!cache || cache.raw !== raw) cache = { raw, tasks: readTasks() };
  return cache.tasks;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab changing the list shows here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.tasks) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The browser's to-do list under `tasks`, and a setter that stores every change at once. */
export function useTasks(): [Task[], (change: (tasks: Task[]) => Task[]) => void] {
  const tasks = useSyncExternalStore(subscribe, snapshot, () => []);
  const update = useCallback((change: (tasks: Task[]) => Task[]) => {
    writeTasks(change(snapshot()));
    listeners.forEach((listener) => listener());
  }, []);
  return [tasks, update];
}
