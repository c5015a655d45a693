import { TodoPage } from '@/features/todo/components/todo-page';

/** /todolist (spec 2): every user; the list lives only in this browser. */
export function TodoRoute() {
  return <TodoPage />;
}
