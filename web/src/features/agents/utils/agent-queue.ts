import { ApiError } from '@/lib/api-client';

/** Spec 3 section 9: the 6 colours of an agent's or integration's automatic queue, chosen by id modulo 6. */
export const AUTO_QUEUE_COLOURS = ['#2563EB', '#16A34A', '#DC2626', '#9333EA', '#EA580C', '#0891B2'] as const;

export const autoQueueColour = (id: number): string => AUTO_QUEUE_COLOURS[id % AUTO_QUEUE_COLOURS.length]!;

/** Spec 3 section 8: the warning when the automatic queue could not be made. */
export function queueWarning(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  if ((error instanceof ApiError && error.code === 'ERR_QUEUE_LIMIT_REACHED') || /m[áa]xim|limit/i.test(text))
    return 'Limite de filas atingido. Exclua uma fila existente ou atualize seu plano para criar mais filas.';
  return `Não foi possível criar a fila automaticamente: ${text}`;
}
