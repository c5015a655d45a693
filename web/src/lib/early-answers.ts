import { getToken } from '@/lib/session';

/**
 * Answers to GETs the page's HTML started before any of the app's code had arrived (index.html's
 * early-requests script, issue 29): on a slow phone the session check and the landing screen's
 * ticket lists then travel while the scripts download and run, instead of after React's first render.
 * The script keeps them in `window.__earlyAnswers` by URL (as `buildUrl` writes it) with the token it
 * sent; the first `api.get` of that URL takes the answer.
 */
export type EarlyAnswer = { ok: boolean; body: unknown };

export type EarlyAnswers = {
  token: string;
  answers: Record<string, Promise<EarlyAnswer | null>>;
};

declare global {
  interface Window {
    __earlyAnswers?: EarlyAnswers;
  }
}

/** Past this time from the page's start an early answer is too old to stand for a fresh request. */
export const EARLY_ANSWER_MAX_AGE_MS = 30_000;

/**
 * The early answer to a GET of `url`, once: only for the token still stored (the same session) and
 * within EARLY_ANSWER_MAX_AGE_MS of the page's start; otherwise undefined, and the caller asks itself.
 * An answer that failed or was not a 2xx resolves to null: the caller then asks again through the
 * API client, whose session rules (refresh on 403, sign-out on 401) apply as to any request.
 */
export function takeEarlyAnswer(url: string): Promise<EarlyAnswer | null> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.__earlyAnswers;
  const answer = early?.answers[url];
  if (!early || !answer) return undefined;
  delete early.answers[url];
  if (early.token !== getToken() || performance.now() > EARLY_ANSWER_MAX_AGE_MS) return undefined;
  return answer.then((result) => (result?.ok ? result : null));
}
