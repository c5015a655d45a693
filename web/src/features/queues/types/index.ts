export type { Queue, QueueCreateBody, QueueSchedule, QueueUpdateBody } from '@app/contracts';
