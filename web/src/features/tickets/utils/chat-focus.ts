/**
 * Where keyboard focus goes once the open chat shows what an action changed (issue 29): an action
 * that removes or replaces the control it was started from (opening a ticket, Accept, Resolve, a
 * transfer) would otherwise leave focus on the page's body. The action says where focus is wanted;
 * the chat moves it there once it has drawn the ticket in its new state.
 *
 * - `composer`: the message field, once the ticket can be written to (after Accept).
 * - `chat`: the chat's contact header, which names the ticket (after opening it, Resolve, a transfer).
 */
export type ChatFocusTarget = 'composer' | 'chat';

type Wanted = { target: ChatFocusTarget; uuid?: string } | null;

let wanted: Wanted = null;
const listeners = new Set<() => void>();

/** Focus is wanted in the chat of `uuid` (any chat when not given) once it shows. */
export function wantChatFocus(target: ChatFocusTarget, uuid?: string): void {
  wanted = { target, uuid };
  listeners.forEach((listener) => listener());
}

/** For `useSyncExternalStore`: the chat looks again when a wish comes after the change it follows. */
export function subscribeChatFocus(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentChatFocus(): Wanted {
  return wanted;
}

/** The focus wanted in the chat of `uuid`, if any (it stays wanted until `chatFocusDone`). */
export function wantedChatFocus(uuid: string): ChatFocusTarget | null {
  if (!wanted || (wanted.uuid !== undefined && wanted.uuid !== uuid)) return null;
  return wanted.target;
}

export function chatFocusDone(): void {
  wanted = null;
}

/** The ticket list shown (the skip link's target, and where focus goes when the chat closes). */
export function focusTicketList(): boolean {
  const lists = Array.from(document.querySelectorAll<HTMLElement>('[data-skip-target="ticket-list"]'));
  const shown = lists.find((list) => list.offsetParent !== null || list.getClientRects().length > 0);
  if (!shown) return false;
  shown.focus();
  return true;
}
