import type { HelpCreateRequest, HelpResponse } from '@app/contracts';

export type { HelpCreateRequest, HelpResponse };

/** The tutorial categories of the help centre (spec 3 section 2). */
export const TUTORIAL_CATEGORIES = ['initialSetup', 'whatsapp', 'agents', 'queues', 'scheduling', 'productivity', 'campaigns'] as const;
export type TutorialCategory = (typeof TUTORIAL_CATEGORIES)[number];

/** A step-by-step tutorial; its title and steps are texts under `helps.tutorials.{id}`. */
export type Tutorial = {
  id: string;
  category: TutorialCategory;
  /** Reading time, 2 to 9 minutes. */
  minutes: number;
  steps: number;
};
