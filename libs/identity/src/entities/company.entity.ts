import type { WeeklyScheduleEntry } from '@app/contracts';
import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

import { Plan } from './plan.entity';

@Entity({ name: 'companies' })
export class Company {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column()
  name!: string;

  @Column({ type: 'text', nullable: true })
  email!: string | null;

  @Column({ type: 'text', nullable: true })
  phone!: string | null;

  @Column({ name: 'plan_id' })
  planId!: number;

  @ManyToOne(() => Plan)
  @JoinColumn({ name: 'plan_id' })
  plan?: Plan;

  /** Active or suspended by the platform operator. */
  @Column()
  status!: boolean;

  /** New sign-ups wait for the platform operator's approval before anyone can log in. */
  @Column()
  approved!: boolean;

  /** YYYY-MM-DD; logging in is refused after it. */
  @Column({ name: 'due_date', type: 'date', nullable: true })
  dueDate!: string | null;

  @Column({ default: 'MENSAL' })
  recurrence!: string;

  /** Opening hours, used when the setting scheduleType is `company`. */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  schedules!: WeeklyScheduleEntry[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
